import type { EvidencePhase } from "../contract/index.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { requestEvidenceKind } from "../observations/service-category.js";

/** A tracker host as the reports name it: the host and its vendor (null when no list names one). */
export interface TrackerHostRef {
  host: string;
  vendor: string | null;
}

/**
 * Which trackers honoured Global Privacy Control: the tracker hosts of the GPC visit (a fresh first visit
 * with `Sec-GPC: 1`, no consent choice) set against those of the pre-consent visit (the same first visit
 * without the signal). Each list is sorted by vendor, then host.
 */
export interface GpcComparison {
  /** Contacted before consent, not contacted under GPC. */
  stopped: TrackerHostRef[];
  /** Contacted in both visits: the signal did not stop them. */
  stillFired: TrackerHostRef[];
  /** Contacted under GPC only. */
  onlyWithGpc: TrackerHostRef[];
}

/**
 * The comparison, or null when the GPC visit did not complete (the phase list says why): a visit that was
 * not observed proves nothing stopped. Trackers are told from other third parties by core's one rule
 * (`requestEvidenceKind`), as in the table and the findings.
 */
export function toGpcComparison(observations: ScanObservations): GpcComparison | null {
  const gpcRun = observations.phases?.find((phase) => phase.phase === "gpc");
  if (gpcRun?.status !== "completed") return null;
  const before = trackerHosts(observations, "pre_consent");
  const withGpc = trackerHosts(observations, "gpc");
  const pick = (from: Map<string, TrackerHostRef>, keep: (host: string) => boolean) =>
    sorted([...from.values()].filter((ref) => keep(ref.host)));
  return {
    stopped: pick(before, (host) => !withGpc.has(host)),
    stillFired: pick(before, (host) => withGpc.has(host)),
    onlyWithGpc: pick(withGpc, (host) => !before.has(host)),
  };
}

function trackerHosts(observations: ScanObservations, phase: EvidencePhase): Map<string, TrackerHostRef> {
  const hosts = new Map<string, TrackerHostRef>();
  for (const request of observations.requests) {
    if (request.phase !== phase || requestEvidenceKind(request) !== "tracker") continue;
    const known = hosts.get(request.host);
    // One vendor per host: the first request that names one.
    if (known === undefined || known.vendor === null)
      hosts.set(request.host, { host: request.host, vendor: request.classification.vendor });
  }
  return hosts;
}

const sorted = (refs: TrackerHostRef[]) =>
  refs.sort((a, b) => (a.vendor ?? "\uffff").localeCompare(b.vendor ?? "\uffff") || a.host.localeCompare(b.host));
