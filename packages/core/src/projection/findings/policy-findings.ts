import type { EvidenceRecord } from "../evidence-record.js";
import { defineFinding } from "./finding-definition.js";

const policySignals = (evidence: readonly EvidenceRecord[], match: (name: string) => boolean) =>
  evidence.filter((record) => record.kind === "policy_section" && match(record.name ?? ""));

const TEXT =
  "The policy's text was checked for common wording of each disclosure in its language; a disclosure worded differently, in an image or on another page may be missed.";
const NO_CONCLUSION = "Each item is observed or not observed in the text; this is not an assessment of the policy's adequacy.";

/** Findings about the privacy policy: whether it was found, what it discloses, which observed vendors it names. */
export const POLICY_FINDINGS = [
  defineFinding({
    id: "privacy_policy_not_found",
    label: "No privacy policy link found",
    criticality: "medium",
    confidence: "medium",
    category: "privacy_policy",
    phase: null,
    description: "The page had no link recognisable as a privacy policy (footer, banner or body), and none was found at common addresses.",
    caveats: ["Links are recognised by common wording in several languages; a policy reached through a menu or an image may be missed."],
    nextSteps: ["Link the privacy policy from every page, for example in the footer."],
    select: (evidence) => policySignals(evidence, (name) => name === "privacy_policy_link_not_found"),
  }),
  defineFinding({
    id: "policy_disclosures_not_observed",
    label: "Disclosures not observed in the privacy policy",
    criticality: "medium",
    confidence: "low",
    category: "privacy_policy",
    phase: null,
    description:
      "The privacy policy's text did not show wording for some of the disclosures GDPR Articles 13 and 14 list (each example names one).",
    caveats: [TEXT, NO_CONCLUSION],
    nextSteps: ["Review whether the policy covers each item listed, and whether it is worded plainly enough to be found."],
    select: (evidence) => policySignals(evidence, (name) => name.startsWith("not_observed_")),
  }),
  defineFinding({
    id: "vendors_not_named_in_policy",
    label: "Vendors observed on the site are not named in the privacy policy",
    criticality: "low",
    confidence: "low",
    category: "privacy_policy",
    phase: null,
    description: "Vendors whose services the scan observed on the site were not named in the privacy policy's text.",
    caveats: [TEXT, "A policy may describe recipients by category instead of by name, or list them on another page."],
    nextSteps: ["Review whether the policy's list of recipients covers these vendors."],
    select: (evidence) => policySignals(evidence, (name) => name === "vendor_not_named"),
  }),
];
