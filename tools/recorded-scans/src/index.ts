export { RECORDED_SCANS, readRecordedObservations } from "./read-recorded-observations.js";
export type { RecordedScan } from "./read-recorded-observations.js";
export { createRecordedScanner, recordedObservationsFor } from "./create-recorded-scanner.js";
export type { RecordedScanner, RecordedScanRequest } from "./create-recorded-scanner.js";
