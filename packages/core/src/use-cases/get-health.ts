import { API_VERSION, CONTRACT_VERSION, DISCLAIMER, WEIGHTED_READ_POLICY_VERSION, type Health } from "../contract/index.js";
import type { HealthProbes } from "../ports/health-probes.js";
import { SCORE_VERSION } from "../projection/score/score-rubric.js";
import { allOk, checkComponents } from "./check-components.js";
import { linksOf } from "./render-context.js";
import type { ServiceDeps } from "./service-deps.js";

/**
 * GET /api/v2/health: discovery (versions, regions, surfaces) and the state of each component this process
 * uses. `degraded` when any is (the scan store does not answer a read, the host's queue or scanner probe
 * fails); causes stay in the host's logs, never in the body (no internals). Always 200: a health reader
 * wants the body; readiness (`checkReadiness`) is the probe that answers 503.
 */
export async function getHealth(
  deps: ServiceDeps,
  input: { surfaces: Health["surfaces"]; probes?: HealthProbes | undefined; onProbeError?: ((error: unknown) => void) | undefined },
): Promise<{ status: 200; body: Health }> {
  const components = await checkComponents(deps, input);
  return {
    status: 200,
    body: {
      type: "service_health",
      status: allOk(components) ? "ok" : "degraded",
      components,
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
