import { CRITICALITY_ORDER } from "./criticality-rank.js";
import type { ScanExportInput } from "./scan-export-input.js";

/** Findings listed in the summary; the rest are counted (a PR comment stays readable). */
const MAX_FINDINGS = 25;
/** Vendors listed from the pre-consent table. */
const MAX_VENDORS = 15;

/**
 * A Markdown summary of a scan for a pull-request or merge-request comment: the score, risk and coverage,
 * the findings by criticality, the vendors seen before consent, the caveats and the disclaimer. Every value
 * that came from the scanned page is escaped, so a cookie named like a link or an image cannot put one (or a
 * tracking pixel) into the comment.
 */
export function toMarkdownSummary(input: ScanExportInput): string {
  const { scan, findings, caveats, links, disclaimer } = input.findings;
  const out: string[] = [];
  out.push(`### public-scan: ${escapeMarkdown(scan.domain)}`, "");
  const score = scan.scoreStatus === "not_assessed" ? "not assessed" : `**${scan.score}/100**`;
  out.push(`Score ${score} · risk \`${scan.riskLevel}\` · coverage \`${scan.coverage.status}\` · [full report](${links.report})`);
  if (scan.resultDispositionReason !== null)
    out.push("", `> The page could not be assessed: ${escapeMarkdown(scan.resultDispositionReason.message)}`);

  const sorted = [...findings].sort(
    (a, b) => CRITICALITY_ORDER.indexOf(a.criticality) - CRITICALITY_ORDER.indexOf(b.criticality) || a.priority - b.priority,
  );
  const counts = CRITICALITY_ORDER.map((level) => `${findings.filter((finding) => finding.criticality === level).length} ${level}`);
  out.push("", `#### Findings (${findings.length}: ${counts.join(", ")})`, "");
  if (sorted.length > 0) {
    out.push("| Criticality | Finding | Examples | Id |", "| --- | --- | ---: | --- |");
    for (const finding of sorted.slice(0, MAX_FINDINGS))
      out.push(`| ${finding.criticality} | ${escapeMarkdown(finding.label)} | ${finding.evidence.exampleCount} | \`${finding.id}\` |`);
    if (sorted.length > MAX_FINDINGS) out.push("", `…and ${sorted.length - MAX_FINDINGS} more in the full report.`);
  }

  const vendors = new Map<string, { trackers: number; cookies: number; storage: number }>();
  for (const row of input.table.rows) {
    const counts = vendors.get(row.vendor) ?? { trackers: 0, cookies: 0, storage: 0 };
    if (row.kind === "tracker") counts.trackers += 1;
    else if (row.kind === "cookie") counts.cookies += 1;
    else if (row.kind === "storage") counts.storage += 1;
    vendors.set(row.vendor, counts);
  }
  const summary = input.table.summary;
  out.push(
    "",
    `#### Before consent: ${summary.trackerCount} tracker hosts, ${summary.cookieCount} cookies, ${summary.storageCount} storage keys`,
  );
  const listed = [...vendors].filter(([, counts]) => counts.trackers + counts.cookies + counts.storage > 0).slice(0, MAX_VENDORS);
  if (listed.length > 0) {
    out.push("", "| Vendor | Tracker hosts | Cookies | Storage keys |", "| --- | ---: | ---: | ---: |");
    for (const [vendor, counts] of listed)
      out.push(`| ${escapeMarkdown(vendor)} | ${counts.trackers} | ${counts.cookies} | ${counts.storage} |`);
  }
  if (caveats.length > 0)
    out.push("", "<details><summary>Caveats</summary>", "", ...caveats.map((caveat) => `- ${escapeMarkdown(caveat)}`), "", "</details>");
  out.push("", `<sub>${escapeMarkdown(disclaimer)}</sub>`, "");
  return out.join("\n");
}

/**
 * Text as literal Markdown: every ASCII punctuation character backslash-escaped (CommonMark allows it for all
 * of them), line breaks as spaces. No link, image, HTML tag, table cell or autolink can be made from it.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/[!-/:-@[-`{-~]/g, "\\$&");
}
