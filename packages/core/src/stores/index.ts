/** In-process implementations of core's ports, with no dependencies: the defaults for tests and embedding. */
export { createMemoryScanStore } from "./create-memory-scan-store.js";
export { createInProcessJobQueue } from "./create-in-process-job-queue.js";
export type { InProcessJobQueueOptions } from "./create-in-process-job-queue.js";
export { createRandomIds } from "./create-random-ids.js";
export { createDurationStats } from "./create-duration-stats.js";
export type { DurationStats } from "../ports/duration-stats.js";
export { createMemoryKeyStore } from "./create-memory-key-store.js";
export { createMemoryAuditLog } from "./create-memory-audit-log.js";
