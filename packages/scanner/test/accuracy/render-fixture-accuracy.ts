import { precisionOf, recallOf, type Counts } from "../support/precision-recall.js";
import type { FixtureAccuracy } from "./sum-site-measures.js";
import { CONSENT_MODE_PHASES, GPP_PHASES, type LabelKind } from "./scored-label.js";

const EVIDENCE_NAMES = {
  cookies: "cookies",
  storage: "storage",
  trackerHosts: "tracker hosts",
  trackerVendors: "tracker vendors",
  services: "third-party services",
} as const;
const LABEL_NAMES = {
  cmp: "CMP",
  firstLayerButtons: "first-layer buttons",
  firstLayerClassification: "first-layer classification",
  rejectOutcome: "reject outcome",
  acceptOutcome: "accept outcome",
  bannerDesign: "banner design (placement, page lock, button looks)",
  choiceToggles: "choice toggles pre-ticked",
  policyDisclosures: "policy disclosures",
  usPrivacySignals: "US-privacy signals",
  ...Object.fromEntries(
    CONSENT_MODE_PHASES.flatMap((phase) => [
      [`consentModeCommands ${phase}`, `Consent Mode commands, ${phase}`],
      [`consentModeHits ${phase}`, `Consent Mode hit states, ${phase}`],
      [`tcf ${phase}`, `TCF string fields, ${phase}`],
    ]),
  ),
  ...Object.fromEntries(GPP_PHASES.map((phase) => [`gpp ${phase}`, `GPP and USP string fields, ${phase}`])),
  gpcAnswer: "GPC answer (honoured or not)",
} as Record<LabelKind, string>;

const figure = (value: number) => value.toFixed(2);
const cells = (counts: Counts) => [
  counts.truePositives + counts.falseNegatives,
  counts.truePositives,
  counts.falsePositives,
  counts.falseNegatives,
  figure(precisionOf(counts)),
  figure(recallOf(counts)),
];
const row = (values: ReadonlyArray<string | number>) => `| ${values.join(" | ")} |`;

/**
 * The measured figures as docs/accuracy.md shows them: one table of evidence per phase and kind, one of the
 * consent and privacy labels; each row with the sites scored, the expected items, the counts, precision and
 * recall (two decimals, so the page changes only when a figure does); then what the scans got wrong, by
 * site, so a figure under 1 says what it is made of.
 */
export function renderFixtureAccuracy(accuracy: FixtureAccuracy): string {
  const counted = ["Expected", "Found right", "Found wrongly", "Missed", "Precision", "Recall"];
  return [
    row(["Phase", "Evidence", "Sites", ...counted]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...accuracy.evidence.map((entry) => row([entry.phase, EVIDENCE_NAMES[entry.kind], entry.sites, ...cells(entry.counts)])),
    "",
    row(["Label", "Sites", ...counted]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...accuracy.labels.map((entry) => row([LABEL_NAMES[entry.label], entry.sites, ...cells(entry.counts)])),
    "",
    accuracy.errors.length === 0 ? "What the scans got wrong: nothing." : "What the scans got wrong:",
    ...(accuracy.errors.length === 0 ? [] : ["", ...[...accuracy.errors].sort().map((error) => `- ${error}`)]),
  ].join("\n");
}
