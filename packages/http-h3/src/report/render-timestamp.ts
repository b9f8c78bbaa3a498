import { markup, type SafeHtml } from "./markup.js";

/** A UTC timestamp as a `<time>` a person can read; a missing one says so instead of inventing a value. */
export function renderTimestamp(iso: string | null): SafeHtml {
  if (iso === null) return markup`<span class="muted">Not recorded</span>`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return markup`${iso}`;
  return markup`<time datetime="${iso}">${date.toISOString().slice(0, 19).replace("T", " ")} UTC</time>`;
}
