/* global document */
// Remembers the colour theme for a year. Written without `Secure`, as many small sites still do.
if (!document.cookie.split("; ").some((pair) => pair.startsWith("moka_theme="))) {
  document.cookie = "moka_theme=__CANARY__-light; path=/; max-age=31536000; samesite=lax";
}
