import type { HealthComponents } from "../contract/health.js";
import type { HealthProbes } from "../ports/health-probes.js";
import type { ScanStore } from "../ports/scan-store.js";
import { allOk, checkComponents } from "./check-components.js";

/** What a readiness probe answers: ready only when every component this process uses is ok. */
export interface Readiness {
  ready: boolean;
  components: HealthComponents;
}

/**
 * Readiness for an orchestrator or load balancer (`/readyz`): false while the store is unreachable, the
 * browser cannot start, or the queue is saturated, so traffic goes to other instances until it recovers.
 * Liveness is a separate, cheaper question (is the process serving at all) and never probes dependencies:
 * restarting a process because Redis is down would not bring Redis back.
 */
export async function checkReadiness(
  deps: { scans: Pick<ScanStore, "get"> },
  input: { probes?: HealthProbes | undefined; onProbeError?: ((error: unknown) => void) | undefined },
): Promise<Readiness> {
  const components = await checkComponents(deps, input);
  return { ready: allOk(components), components };
}
