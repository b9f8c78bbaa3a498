/** Domain records the stores keep. */
export { isCompleted } from "./scan-record.js";
export type { ScanDiagnosticsRecord, ScanRecord } from "./scan-record.js";
