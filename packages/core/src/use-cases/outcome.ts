import type { ScanJob } from "../contract/index.js";

/**
 * What a use-case answers, the one result type every surface consumes: the resource with 200 (201 for a
 * new key), or, while a scan is still active, its ScanJob with 202 and the wait in seconds before polling
 * again (REST's `Retry-After`, MCP's `retryAfterSeconds`).
 */
export type Outcome<T> = { status: 200 | 201; body: T } | { status: 202; body: ScanJob; retryAfterSeconds: number };
