import { recoverStaleScan } from "./recover-stale-scan.js";
import type { ServiceDeps } from "./service-deps.js";

/**
 * Takes over the scans dead or hung workers left behind (see recoverStaleScan): at start, and then
 * periodically (createLocalService sweeps every half `staleAfterSeconds`), so a scan whose process died
 * while this one lives is retried or ended instead of staying "running" forever.
 */
export async function recoverInterruptedScans(deps: ServiceDeps): Promise<{ requeued: number; failed: number; discarded: number }> {
  let requeued = 0;
  let failed = 0;
  let discarded = 0;
  for (const record of await deps.scans.listActive()) {
    const outcome = await recoverStaleScan(deps, record);
    if (outcome === "requeued") requeued += 1;
    if (outcome === "failed") failed += 1;
    if (outcome === "discarded") discarded += 1;
  }
  return { requeued, failed, discarded };
}
