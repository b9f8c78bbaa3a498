import type { JobQueueFactory } from "@public-scan/core";
import { createBullmqJobQueue } from "@public-scan/storage/redis";
import type { ServeConfig } from "./parse-serve-config.js";
import type { ServeStorage } from "./serve-storage.js";

const BULLMQ_ROLE = { api: "producer", worker: "worker", all: "both" } as const;

/**
 * The BullMQ job queue of one cluster process: an `api` process only adds jobs, a `worker` runs them with
 * `concurrency` at a time, `all` does both. Its keys are under the deployment's prefix, beside the stores'.
 */
export function createServeQueue(input: {
  config: Pick<ServeConfig, "role" | "concurrency" | "jobLockMs">;
  storage: Extract<ServeStorage, { kind: "redis" }>;
  log: (line: string) => void;
}): JobQueueFactory {
  let reported = false;
  return createBullmqJobQueue({
    connection: input.storage.url,
    // BullMQ joins `<prefix>:<queue>:…` itself.
    prefix: input.storage.prefix.slice(0, -1),
    role: BULLMQ_ROLE[input.config.role],
    concurrency: input.config.concurrency,
    lockDurationMs: input.config.jobLockMs,
    // One line per outage: BullMQ's connections reconnect by themselves.
    onQueueError: (error) => {
      if (reported) return;
      reported = true;
      input.log(`serve: job queue error: ${error instanceof Error ? error.message : String(error)} (reconnecting)`);
      setTimeout(() => (reported = false), 60_000).unref();
    },
  });
}
