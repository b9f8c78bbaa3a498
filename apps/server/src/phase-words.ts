import type { EvidencePhase } from "@public-scan/core";

/** Each phase as the terminal report names it in a sentence (the report page's words). */
export const PHASE_WORDS: Readonly<Record<EvidencePhase, string>> = {
  pre_consent: "Before consent",
  after_reject: "After reject",
  reject_next_page: "Next page after reject",
  after_accept: "After accept",
  accept_next_page: "Next page after accept",
  gpc: "Under GPC",
};
