import { readRecordedObservations, type RecordedScan } from "./read-recorded-observations.js";

/** What a recorded scanner reads of a scan request: a subset of core's `ScanRequest`, so core's type fits. */
export interface RecordedScanRequest {
  readonly url: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: { phase: "runtime_observation"; progressPercent: number }) => void;
}

export interface RecordedScanner<Observations> {
  scan(request: RecordedScanRequest): Promise<Observations>;
  close(): Promise<void>;
  /** The URLs scanned, in order. */
  readonly calls: string[];
}

/** A recording re-targeted at `url`: the observations of `name` as if that URL had been scanned. */
export function recordedObservationsFor(name: RecordedScan, url: string): unknown {
  const observations = readRecordedObservations(name) as Record<string, unknown>;
  const host = new URL(url).hostname;
  return { ...observations, target: { url, host, registrableDomain: host.split(".").slice(-2).join(".") } };
}

/**
 * A scanner that answers every URL with a recording re-targeted at it, after an optional `hold` the test
 * controls (a scan that stays running, or one that waits for a signal). The observations' type is the
 * caller's to state (`createRecordedScanner<ScanObservations>()`): this package depends on no workspace
 * package, so every package's tests can use it without a dependency cycle.
 */
export function createRecordedScanner<Observations = unknown>(
  input: { fixture?: RecordedScan; hold?: (request: RecordedScanRequest) => Promise<void> | undefined } = {},
): RecordedScanner<Observations> {
  const calls: string[] = [];
  return {
    calls,
    scan: async (request) => {
      calls.push(request.url);
      request.onProgress?.({ phase: "runtime_observation", progressPercent: 40 });
      await input.hold?.(request);
      return recordedObservationsFor(input.fixture ?? "daily-courier", request.url) as Observations;
    },
    close: () => Promise.resolve(),
  };
}
