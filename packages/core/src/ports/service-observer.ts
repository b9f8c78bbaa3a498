import type { ErrorCode } from "../contract/error-codes.js";
import type { ScanPhase, TerminalStatus } from "../contract/states.js";
import type { RateLimitProfile, RateLimitScope } from "./rate-limiter.js";

/** How a job ended: its scan's terminal status, or `handed_back` when a shutdown put the scan back to queued. */
export type ScanOutcome = Exclude<TerminalStatus, "rate_limited"> | "handed_back";

/**
 * The ServiceObserver port: what the service tells its host about its own work, for logs, metrics and
 * traces (the reference server implements it with pino and prom-client; core knows neither). Events carry
 * ids, names, codes and durations only, never a URL, a host name, a caller's address or a key: a host may
 * log every field as it is. Each method is optional, and a throwing observer never fails the work it watches.
 */
export interface ServiceObserver {
  /**
   * One HTTP request answered. `route` is the route's template (`/api/v2/scans/{scanId}`, `/mcp`), never the
   * requested path, which carries scan ids, domains and query strings. `traceParent` is the request's W3C
   * `traceparent` header when it was well-formed (ids only), for a tracing host to continue the caller's trace.
   */
  requestFinished?(event: {
    requestId: string;
    method: string;
    route: string;
    status: number;
    durationMs: number;
    traceParent?: string;
  }): void;
  /** A worker took a scan's job and moved the scan to running (`attempt` counts from 1). */
  jobStarted?(event: { scanId: string; attempt: number }): void;
  /** A running scan left a phase: it moved on to the next one, or its job ended in it. */
  phaseEnded?(event: { scanId: string; phase: ScanPhase; durationMs: number }): void;
  /** A job ended; `durationMs` from running to the end, `errorCode` the stored error's code when it failed. */
  scanEnded?(event: { scanId: string; outcome: ScanOutcome; durationMs: number; errorCode: ErrorCode | null }): void;
  /** A limit refused a request (`rate_limited`): the policy and whose counter ran out. */
  limitRefused?(event: { profile: RateLimitProfile; scope: RateLimitScope }): void;
}
