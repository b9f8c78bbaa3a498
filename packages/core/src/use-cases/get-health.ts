import { API_VERSION, CONTRACT_VERSION, DISCLAIMER, WEIGHTED_READ_POLICY_VERSION, type Health } from "../contract/index.js";
import { SCORE_VERSION } from "../projection/score/score-rubric.js";
import { linksOf } from "./render-context.js";
import type { ServiceDeps } from "./service-deps.js";

/** A scanId no scan has: reading it exercises the store without touching real data. */
const PROBE_SCAN_ID = "00000000-0000-4000-8000-000000000000";

/**
 * GET /api/v2/health: discovery (versions, regions, surfaces) and liveness. `degraded` when the scan store
 * does not answer a read; the cause stays in the host's logs, never in the body (no internals).
 */
export async function getHealth(
  deps: ServiceDeps,
  input: { surfaces: Health["surfaces"]; onProbeError?: (error: unknown) => void },
): Promise<{ status: 200; body: Health }> {
  let status: Health["status"] = "ok";
  try {
    await deps.scans.get(PROBE_SCAN_ID);
  } catch (error) {
    status = "degraded";
    input.onProbeError?.(error);
  }
  return {
    status: 200,
    body: {
      type: "service_health",
      status,
      apiVersion: API_VERSION,
      contractVersion: CONTRACT_VERSION,
      scoreVersion: SCORE_VERSION,
      weightedReadPolicyVersion: WEIGHTED_READ_POLICY_VERSION,
      time: new Date(deps.clock.now()).toISOString(),
      scanRegions: [...deps.config.scanRegions],
      defaultScanRegion: deps.config.defaultScanRegion,
      surfaces: input.surfaces,
      links: { openapi: linksOf(deps).openapi() },
      disclaimer: DISCLAIMER,
    },
  };
}
