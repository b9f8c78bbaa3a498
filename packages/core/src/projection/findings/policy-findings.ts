import type { EvidenceRecord } from "../evidence-record.js";
import { defineFindings, type FindingSelect } from "./finding-definition.js";

const policySignals = (evidence: readonly EvidenceRecord[], match: (name: string) => boolean) =>
  evidence.filter((record) => record.kind === "policy_section" && match(record.name ?? ""));

const privacyPolicyNotFound: FindingSelect = (evidence) => policySignals(evidence, (name) => name === "privacy_policy_link_not_found");
const policyDisclosuresNotObserved: FindingSelect = (evidence) => policySignals(evidence, (name) => name.startsWith("not_observed_"));
const vendorsNotNamedInPolicy: FindingSelect = (evidence) => policySignals(evidence, (name) => name === "vendor_not_named");

/** Findings about the privacy policy: whether it was found, what it discloses, which observed vendors it names. */
export const POLICY_FINDINGS = defineFindings([
  ["privacy_policy_not_found", "medium", "medium", "privacy_policy", null, privacyPolicyNotFound],
  ["policy_disclosures_not_observed", "medium", "low", "privacy_policy", null, policyDisclosuresNotObserved],
  ["vendors_not_named_in_policy", "low", "low", "privacy_policy", null, vendorsNotNamedInPolicy],
]);
