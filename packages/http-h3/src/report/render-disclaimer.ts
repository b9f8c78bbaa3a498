import { markup, type SafeHtml } from "./markup.js";

/** The disclaimer every page carries, first in its main content so nobody reads a result without it. */
export function renderDisclaimer(text: string): SafeHtml {
  return markup`<section class="disclaimer" id="disclaimer" aria-labelledby="disclaimer-heading">
<h2 id="disclaimer-heading">Read this first</h2>
<p>${text}</p>
</section>`;
}
