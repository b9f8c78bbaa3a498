import { markup, type SafeHtml } from "./markup.js";

// Inline values that may be missing or unsafe: each says so in words rather than inventing a value or a link.

/** A value that may be absent: a dash for the eye and the word "none" for screen readers. */
export function renderOptional(value: string | number | null): SafeHtml {
  if (value === null || value === "") return markup`<span aria-hidden="true">—</span><span class="visually-hidden">none</span>`;
  return markup`${value}`;
}

/** A UTC timestamp as a `<time>` a person can read; a missing one says so instead of inventing a value. */
export function renderTimestamp(iso: string | null): SafeHtml {
  if (iso === null) return markup`<span class="muted">Not recorded</span>`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return markup`${iso}`;
  return markup`<time datetime="${iso}">${date.toISOString().slice(0, 19).replace("T", " ")} UTC</time>`;
}

/**
 * A link only for http(s) URLs: anything else (javascript:, data:, a relative path) is shown as text, so a
 * bad link value can never become an active or off-site reference.
 */
export function renderLink(options: { href: string; text: string }): SafeHtml {
  const protocol = URL.canParse(options.href) ? new URL(options.href).protocol : null;
  if (protocol !== "https:" && protocol !== "http:") return markup`${options.text} (<code>${options.href}</code>)`;
  return markup`<a href="${options.href}">${options.text}</a>`;
}
