import type { ScanDiagnosticsRecord } from "../domain/scan-record.js";
import type { ScanObservations } from "../observations/scan-observations.js";

/** The bounded diagnostics kept with a scan: timings, how each collector fared, counts. No URLs, no values. */
export function toDiagnosticsRecord(
  observations: ScanObservations,
  total: { startedAt: string; completedAt: string },
): ScanDiagnosticsRecord {
  const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 100) / 10);
  return {
    totalSeconds: seconds(total.startedAt, total.completedAt),
    phases: [{ phase: "runtime_observation", durationSeconds: seconds(observations.startedAt, observations.completedAt) }],
    collectors: observations.collectors.map((collector) => ({ ...collector })),
    counts: {
      frames: observations.frames.length,
      requests: observations.requests.reduce((sum, request) => sum + request.count, 0),
      cookies: observations.cookies.length,
      storageKeys: observations.storage.length,
    },
  };
}
