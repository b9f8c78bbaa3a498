import type { Ids } from "../ports/clock.js";

/** Random UUIDs for scans (the contract's UUID-shaped scanId) and prefixed ids for jobs. */
export function createRandomIds(): Ids {
  return {
    scanId: () => crypto.randomUUID(),
    jobId: () => `job_${crypto.randomUUID().replaceAll("-", "")}`,
  };
}
