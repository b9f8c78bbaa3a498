/** Markup that is already escaped, or a trusted constant: the only thing `markup` inserts as is. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/** What a renderer may interpolate: text is escaped, null and undefined render nothing, lists are joined. */
export type HtmlValue = string | number | SafeHtml | null | undefined | readonly HtmlValue[];

/**
 * Tagged template for the report pages. Every interpolated string goes through `escapeHtml`, so escaping is
 * the default and forgetting it is impossible; only `SafeHtml` (the result of another `markup` template or a
 * `trustedHtml` constant) passes unchanged. It is not named `html` on purpose: Prettier reformats templates
 * with that tag as HTML, which would change the inline style and script (and so their CSP hashes).
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += toMarkup(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** A constant written in this package (the style sheet, the inline scripts): never data from a view. */
export function trustedHtml(constant: string): SafeHtml {
  return new SafeHtml(constant);
}

function toMarkup(value: HtmlValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === "object") return value.map(toMarkup).join("");
  return escapeHtml(value);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The one escaping function of the report pages. It serves element text and quoted attribute values alike
 * (both quote characters are escaped), so a renderer cannot pick the wrong one for a context.
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
