import { readFileSync } from "node:fs";

/** The recorded scans, one per site of the fixture web that a test runs the service on without a browser. */
export const RECORDED_SCANS = ["bot-challenge", "daily-courier", "green-grocer", "metrics-hub", "quiet-bakery"] as const;
export type RecordedScan = (typeof RECORDED_SCANS)[number];

/**
 * The observations a real scan of a fixture-web site returned (`observations/<name>.json`), read fresh on
 * each call so a test may change its copy. Answered as parsed JSON, unchecked: this package depends on
 * nothing in the workspace (so every package's tests may use it without a dependency cycle), and the caller
 * parses it with core's `ScanObservationsSchema` or states its type. Stored observations of earlier scans
 * lack the fields added since, which is what the schema's optional fields are tested against.
 */
export function readRecordedObservations(name: RecordedScan): unknown {
  return JSON.parse(readFileSync(new URL(`../observations/${name}.json`, import.meta.url), "utf8"));
}
