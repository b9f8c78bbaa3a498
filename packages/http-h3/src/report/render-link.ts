import { markup, type SafeHtml } from "./markup.js";

/**
 * A link only for http(s) URLs: anything else (javascript:, data:, a relative path) is shown as text, so a
 * bad link value can never become an active or off-site reference.
 */
export function renderLink(options: { href: string; text: string }): SafeHtml {
  const protocol = URL.canParse(options.href) ? new URL(options.href).protocol : null;
  if (protocol !== "https:" && protocol !== "http:") return markup`${options.text} (<code>${options.href}</code>)`;
  return markup`<a href="${options.href}">${options.text}</a>`;
}
