import type { HealthComponents } from "../contract/health.js";
import type { ComponentStatus, HealthProbes } from "../ports/health-probes.js";
import type { ScanStore } from "../ports/scan-store.js";

/** A scanId no scan has: reading it exercises the store without touching real data. */
const PROBE_SCAN_ID = "00000000-0000-4000-8000-000000000000";

/** A check that has not answered by then counts as degraded: a probe must never hang health with it. */
export const COMPONENT_PROBE_TIMEOUT_MS = 2_000;

/**
 * Probes the scan store and the host's other parts at once, each bounded in time. A probe that throws or
 * times out is `degraded`; its cause goes to `onProbeError` (the host's logs), never into an answer.
 */
export async function checkComponents(
  deps: { scans: Pick<ScanStore, "get"> },
  input: { probes?: HealthProbes | undefined; onProbeError?: ((error: unknown) => void) | undefined; timeoutMs?: number },
): Promise<HealthComponents> {
  const timeoutMs = input.timeoutMs ?? COMPONENT_PROBE_TIMEOUT_MS;
  const run = (probe: () => Promise<ComponentStatus>) => bounded(probe, { timeoutMs, onError: input.onProbeError });
  const { queue, scanner } = input.probes ?? {};
  const [scanStore, jobQueue, scannerStatus] = await Promise.all([
    run(async () => {
      await deps.scans.get(PROBE_SCAN_ID);
      return "ok";
    }),
    queue === undefined ? undefined : run(queue),
    scanner === undefined ? undefined : run(scanner),
  ]);
  return {
    scanStore,
    ...(jobQueue === undefined ? {} : { jobQueue }),
    ...(scannerStatus === undefined ? {} : { scanner: scannerStatus }),
  };
}

/** Whether every component checked is ok: what readiness answers. */
export const allOk = (components: HealthComponents): boolean => Object.values(components).every((status) => status === "ok");

async function bounded(
  probe: () => Promise<ComponentStatus>,
  options: { timeoutMs: number; onError: ((error: unknown) => void) | undefined },
): Promise<ComponentStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`health probe did not answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  });
  try {
    return await Promise.race([probe(), timeout]);
  } catch (error) {
    options.onError?.(error);
    return "degraded";
  } finally {
    clearTimeout(timer);
  }
}
