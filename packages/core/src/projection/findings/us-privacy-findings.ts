import type { EvidenceRecord } from "../evidence-record.js";
import { defineFindings, type FindingSelect } from "./finding-definition.js";

const isAdvertising = (record: EvidenceRecord) =>
  record.kind === "tracker_request" && (record.category === "advertising" || record.purpose === "marketing");

const usOptOutLinkNotFound: FindingSelect = (evidence) =>
  evidence.some((record) => record.kind === "page_element" && record.name === "us_opt_out_link_not_found")
    ? evidence.filter((record) => record.phase === "pre_consent" && isAdvertising(record))
    : [];
const gpcSupportFileInvalid: FindingSelect = (evidence) =>
  evidence.filter((record) => record.kind === "response_header" && record.name === "gpc_json_invalid");

const signal =
  (name: string): FindingSelect =>
  (evidence) =>
    evidence.filter((record) => record.kind === "consent_signal" && record.name === name);

/**
 * Findings about US-law signals: the opt-out link, the Global Privacy Control support file, and whether the
 * page's own privacy strings (and its gpc.json claim) agree with what it did under GPC.
 */
export const US_PRIVACY_FINDINGS = defineFindings([
  ["us_opt_out_link_not_found", "low", "low", "us_privacy", "pre_consent", usOptOutLinkNotFound],
  ["gpc_support_file_invalid", "info", "high", "us_privacy", null, gpcSupportFileInvalid],
  ["gpc_not_reflected_in_privacy_strings", "medium", "high", "us_privacy", "gpc", signal("gpp_no_opt_out_under_gpc")],
  ["gpc_support_claimed_not_honoured", "medium", "medium", "us_privacy", "gpc", signal("gpc_claimed_not_honoured")],
]);
