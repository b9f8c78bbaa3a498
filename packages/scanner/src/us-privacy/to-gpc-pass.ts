import type { GpcPass, PhaseRun, RequestObservation } from "@public-scan/core";

/**
 * The GPC pass joined in from the scan's own phases: its status and the third-party advertising vendors
 * (catalogue category `advertising`, or marketing purpose outside session replay, as core's GPC finding
 * reads them) that still received a request while the signal was sent.
 */
export function toGpcPass(observations: { phases?: readonly PhaseRun[]; requests: readonly RequestObservation[] }): GpcPass {
  const run = observations.phases?.find((phase) => phase.phase === "gpc");
  if (run === undefined) return { status: "absent", reason: null, advertisingVendors: null };
  if (run.status !== "completed") return { status: run.status, reason: run.reason, advertisingVendors: null };
  const vendors = new Set<string>();
  for (const request of observations.requests) {
    const { vendor, category, purpose } = request.classification;
    const advertising = category === "advertising" || (purpose === "marketing" && category !== "session_replay");
    if (request.phase === "gpc" && request.party === "third_party" && vendor !== null && advertising) vendors.add(vendor);
  }
  return { status: "completed", reason: null, advertisingVendors: [...vendors].sort().slice(0, 100) };
}
