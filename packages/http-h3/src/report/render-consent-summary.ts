import type { ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { toLabel } from "./to-label.js";

const outcome = (action: { outcome: string; reason: string | null } | null) =>
  action === null ? "Not recorded" : `${toLabel(action.outcome)}${action.reason === null ? "" : ` (${toLabel(action.reason)})`}`;

/** The consent banner as the scan met it, and what using its reject and accept options did. */
export function renderConsentSummary(consent: ReportView["consent"]): SafeHtml {
  if (consent === undefined) return markup``;
  return markup`<h3 id="consent-heading">Consent banner</h3>
<dl class="consent-summary" aria-labelledby="consent-heading">
<dt>Consent platform</dt><dd>${consent.cmp === null ? "None recognised" : consent.cmp === "heuristic" ? "Not a known platform (found by its buttons)" : consent.cmp}</dd>
<dt>First layer</dt><dd>${toLabel(consent.classification)}</dd>
<dt>Reject</dt><dd>${outcome(consent.reject)}</dd>
<dt>Accept</dt><dd>${outcome(consent.accept)}</dd>
</dl>`;
}
