/** The account pages' one style sheet, inserted byte for byte: its hash is in the pages' policy. */
export const ACCOUNT_STYLES = `:root{font-family:system-ui,sans-serif;line-height:1.5;color-scheme:light dark}
body{max-width:34rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
.service{font-size:.9rem;opacity:.75;margin:0}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit;cursor:pointer}
.alert{border:2px solid #b00020;padding:.5rem .75rem;margin:1rem 0}
.notice{border:2px solid #1b5e20;padding:.5rem .75rem;margin:1rem 0}
code.key,input.key{display:block;width:100%;box-sizing:border-box;word-break:break-all;padding:.5rem;border:1px solid currentColor;font-family:ui-monospace,monospace}
pre{overflow-x:auto;padding:.5rem;border:1px solid #8886;white-space:pre-wrap;word-break:break-all}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #8886}
form.inline{display:inline}
form.inline button{margin-top:0}
.scopes li{margin:.25rem 0}
footer{margin-top:2rem;font-size:.85rem;opacity:.75}`;
