// The worker function's entry (handler `index.handler` of dist/worker): configuration from the environment.
import { createWorkerHandler } from "./compose-worker.js";
import { loadIdentifierSecret } from "./load-identifier-secret.js";

// The identifier secret is read from Secrets Manager here, in the init phase (PUBLIC_SCAN_IDENTIFIER_SECRET_ARN).
export const handler = createWorkerHandler({ env: await loadIdentifierSecret({ env: process.env }) });
