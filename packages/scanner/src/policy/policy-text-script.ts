/** What the policy page script returns; read transiently for the analysis, never reported. */
export interface PolicyPageText {
  /** The body's visible text (`innerText`, open shadow roots included), cut at 300 000 characters. */
  text: string;
  /** The title and the h1/h2 headings, cut at 2000 characters: to tell a policy page from a soft 404. */
  headings: string;
  /** `<html lang>`, primary subtag, lower case; null when absent. */
  lang: string | null;
}

/** Page script for an isolated world of the policy page's main frame: its visible text, headings and language. */
export function policyTextScript(): string {
  return `(() => {
  const MAX = 300000;
  const parts = [document.body ? document.body.innerText || "" : ""];
  let length = parts[0].length;
  const roots = [];
  for (const element of document.querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
  for (let index = 0; index < roots.length && length < MAX; index++) {
    const text = Array.from(roots[index].children).map((child) => child.innerText || "").join("\\n");
    parts.push(text);
    length += text.length;
    for (const element of roots[index].querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  const headings = [document.title].concat(Array.from(document.querySelectorAll("h1, h2")).slice(0, 30).map((heading) => heading.innerText || heading.textContent || ""));
  const lang = (document.documentElement.getAttribute("lang") || "").trim().toLowerCase().split(/[-_]/)[0] || null;
  return {
    text: parts.join("\\n").slice(0, MAX),
    headings: headings.join("\\n").slice(0, 2000),
    lang: lang && /^[a-z]{2,3}$/.test(lang) ? lang : null,
  };
})()`;
}
