import type { CompletedRecord, ScanRecord } from "../domain/scan-record.js";
import { ScanObservationsSchema, type ScanObservations } from "../observations/scan-observations.js";
import { toScanReport } from "../projection/to-scan-report.js";
import { urlHashOf } from "../use-cases/normalize-target.js";

/**
 * A completed scan record projected from observations (validated first, as the Scanner port does), with
 * fixed ids and times: what a store holds after a scan, for tests of stores, renderers and surfaces.
 */
export function completedRecordFrom(input: ScanObservations, overrides: Partial<ScanRecord> = {}): CompletedRecord {
  const observations = ScanObservationsSchema.parse(input);
  const report = toScanReport(observations);
  return {
    scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10",
    jobId: "job_3f1c9a52",
    url: observations.target.url,
    // The stored URL is the whole URL scanned (no query), unless a test says otherwise.
    urlHash: urlHashOf(overrides.url ?? observations.target.url),
    sealedUrl: null,
    domain: observations.target.host,
    scanFrom: "eu_ie",
    status: report.status,
    phase: "done",
    createdAt: "2026-11-23T10:14:30.000Z",
    startedAt: "2026-11-23T10:14:31.000Z",
    completedAt: "2026-11-23T10:14:40.500Z",
    phaseStartedAt: "2026-11-23T10:14:39.000Z",
    lastHeartbeatAt: "2026-11-23T10:14:40.000Z",
    progressPercent: 100,
    report,
    scoreUpdatedAt: "2026-11-23T10:14:40.500Z",
    diagnostics: {
      totalSeconds: 9.5,
      phases: [{ phase: "runtime_observation", durationSeconds: 8 }],
      collectors: observations.collectors,
      counts: {
        frames: observations.frames.length,
        requests: observations.requests.length,
        cookies: observations.cookies.length,
        storageKeys: observations.storage.length,
      },
    },
    error: null,
    attempts: 1,
    ...overrides,
  } as CompletedRecord;
}
