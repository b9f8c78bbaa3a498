import type { ScanPhase } from "../contract/states.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import type { ComponentStatus } from "./health-probes.js";

/** Progress a scanner reports while it works; the job turns it into phase, heartbeat and progress. */
export interface ScanProgress {
  phase: ScanPhase;
  /** 0..100, an estimate. */
  progressPercent: number;
}

export interface ScanInput {
  /** Normalised absolute http(s) URL. */
  url: string;
  /** Aborts the scan (deadline, shutdown); the scanner returns what it has or rejects with AbortError. */
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
}

/**
 * The Scanner port: visit a URL as a first-time visitor and return minimised observations. Implementations
 * must never put a value (cookie, storage, body, query string, full URL) into the result; core validates
 * the result with ScanObservationsSchema before it uses it.
 */
export interface Scanner {
  scan(input: ScanInput): Promise<ScanObservations>;
  /** Releases the browser and every other resource; idempotent. */
  close(): Promise<void>;
  /**
   * Whether this scanner could start a scan now (its browser runs or can be started), for readiness.
   * Optional: a scanner with nothing to check leaves it out.
   */
  probe?(): Promise<ComponentStatus>;
}
