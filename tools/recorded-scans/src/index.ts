export { RECORDED_SCANS, readRecordedObservations } from "./read-recorded-observations.js";
export type { RecordedScan } from "./read-recorded-observations.js";
