import type { EvidenceRecord } from "./evidence-record.js";

/**
 * Review priority of a pre-consent row, 1 first (service metadata, not legal severity): what most often
 * needs consent comes first. The same rule is published in docs/scoring.md.
 *
 * 1  marketing purpose, or an advertising or session-replay tracker
 * 2  analytics purpose
 * 3  any other third-party item
 * 4  any other first-party item whose purpose is unknown or preferences
 * 5  functional or security purpose
 */
export function rowPriority(record: Pick<EvidenceRecord, "purpose" | "category" | "party">): 1 | 2 | 3 | 4 | 5 {
  if (record.purpose === "marketing" || record.category === "advertising" || record.category === "session_replay") return 1;
  if (record.purpose === "analytics") return 2;
  if (record.purpose === "functional" || record.purpose === "security") return 5;
  if (record.party === "third_party") return 3;
  return 4;
}
