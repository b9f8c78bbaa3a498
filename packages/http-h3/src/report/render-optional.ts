import { markup, type SafeHtml } from "./markup.js";

/** A value that may be absent: a dash for the eye and the word "none" for screen readers. */
export function renderOptional(value: string | number | null): SafeHtml {
  if (value === null || value === "") return markup`<span aria-hidden="true">—</span><span class="visually-hidden">none</span>`;
  return markup`${value}`;
}
