import type { ScanJob } from "../contract/index.js";

/**
 * What a use-case answers: the resource with 200 (201 for a new key), or, while a scan is still active,
 * its ScanJob with 202 and the wait before polling again.
 */
export type Outcome<T> = { status: 200; body: T } | { status: 202; body: ScanJob; retryAfterSeconds: number };
