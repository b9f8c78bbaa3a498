// The worker function's entry (handler `index.handler` of dist/worker): configuration from the environment.
import { createWorkerHandler } from "./compose-worker.js";

export const handler = createWorkerHandler({ env: process.env });
