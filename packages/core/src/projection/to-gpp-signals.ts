import type { ScanObservations } from "../observations/scan-observations.js";
import { toSignalRecord, type EvidenceRecord } from "./evidence-record.js";
import { phasePrivacyStrings, statedOptOuts } from "./gpp-answers.js";
import type { GpcAnswer } from "./to-gpc-answer.js";

/** How a section is named in the evidence: the GPP section, or the US Privacy API's string. */
const sectionVendor = (section: string) => (section === "usp" ? "US Privacy string" : `GPP ${section}`);

/**
 * GPC facts from the page's own privacy strings, as `consent_signal` records on the site's host:
 * `gpp_no_opt_out_under_gpc` once per section (GPP US section, US Privacy string) that still states "did not
 * opt out" of sale, sharing or targeted advertising in the GPC visit, and `gpc_claimed_not_honoured` when
 * the site's gpc.json claims support while the answer is `partly` or `not_honoured`.
 */
export function toGppSignals(observations: ScanObservations, answer: GpcAnswer | null): EvidenceRecord[] {
  const host = observations.target.host;
  const records: EvidenceRecord[] = [];
  const withGpc = phasePrivacyStrings(observations).find((entry) => entry.phase === "gpc");
  if (answer?.verdict !== "not_observed" && withGpc !== undefined) {
    const sections = new Set(statedOptOuts(withGpc).flatMap((optOut) => (optOut.state === "did_not_opt_out" ? [optOut.section] : [])));
    for (const section of sections) {
      records.push(
        toSignalRecord({ kind: "consent_signal", name: "gpp_no_opt_out_under_gpc", host, vendor: sectionVendor(section), phase: "gpc" }),
      );
    }
  }
  if (answer?.gpcJsonClaims === true && (answer.verdict === "partly" || answer.verdict === "not_honoured")) {
    records.push(toSignalRecord({ kind: "consent_signal", name: "gpc_claimed_not_honoured", host, phase: "gpc" }));
  }
  return records;
}
