/** The scan command as a library, for tests and embedding. */
export { DEMO_SITE_ID, runScanCommand } from "./run-scan-command.js";
export type { CommandIo } from "./run-scan-command.js";
export { parseScanArgs, SCAN_USAGE } from "./parse-scan-args.js";
export type { ScanArgs } from "./parse-scan-args.js";
export { formatObservations } from "./format-observations.js";
export { formatReport } from "./format-report.js";
export { formatTable } from "./format-table.js";
export { ACCOUNTS_USAGE, runAccountsCommand } from "./run-accounts-command.js";
export { KEYS_USAGE, runKeysCommand } from "./run-keys-command.js";
export { DATA_USAGE, runDataCommand } from "./run-data-command.js";
export { parseServeConfig, SERVE_USAGE } from "./serve/parse-serve-config.js";
export type { ServeConfig } from "./serve/parse-serve-config.js";
export { startReferenceServer } from "./serve/start-reference-server.js";
export type { ReferenceServer, ServeExtras } from "./serve/start-reference-server.js";
export { runServeCommand } from "./serve/run-serve-command.js";
export { startWorkerProcess } from "./serve/start-worker-process.js";
export type { WorkerProcess } from "./serve/start-worker-process.js";
