// The monitor function's entry (handler `index.handler` of dist/monitor): configuration from the environment.
import { createMonitorTickHandler } from "./compose-monitor.js";
import { loadIdentifierSecret } from "./load-identifier-secret.js";

// The identifier secret is read from Secrets Manager here, in the init phase (PUBLIC_SCAN_IDENTIFIER_SECRET_ARN):
// it also opens the monitors' sealed URLs and webhook secrets.
export const handler = createMonitorTickHandler({ env: await loadIdentifierSecret({ env: process.env }) });
