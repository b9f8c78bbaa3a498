import type { ScanObservations } from "../observations/scan-observations.js";
import { toSignalRecord, type EvidenceRecord } from "./evidence-record.js";
import { disallowedLegitimateInterests, grantsConsent, phaseTcStrings } from "./tcf-answers.js";

/**
 * IAB TCF facts, as `consent_signal` records on the site's host named by stable codes, per phase with a
 * decoded TC string: `tcf_consent_before_choice` (the first visit's string grants a purpose or a vendor by
 * consent, before any choice), `tcf_consent_after_reject` (the string after reject still does) and
 * `tcf_legitimate_interest_not_allowed` (legitimate interest claimed for a purpose TCF 2.2 allows none for).
 * The vendor is the CMP as TCF numbers it ("TCF CMP 300"); the string itself was never kept.
 */
export function toTcfSignals(observations: ScanObservations): EvidenceRecord[] {
  const host = observations.target.host;
  const records: EvidenceRecord[] = [];
  for (const { phase, decoded } of phaseTcStrings(observations)) {
    const record = (name: string) => toSignalRecord({ kind: "consent_signal", name, host, vendor: `TCF CMP ${decoded.cmpId}`, phase });
    if (phase === "pre_consent" && grantsConsent(decoded)) records.push(record("tcf_consent_before_choice"));
    if (phase === "after_reject" && grantsConsent(decoded)) records.push(record("tcf_consent_after_reject"));
    if (disallowedLegitimateInterests(decoded).length > 0) records.push(record("tcf_legitimate_interest_not_allowed"));
  }
  return records;
}
