// The benchmark servers' scanner: it answers every scan with observations recorded on the fixture web
// (@public-scan/recorded-scans), re-targeted at the scanned URL, so a run measures the surfaces, not a browser.
import { readRecordedObservations } from "@public-scan/recorded-scans";

const observations = readRecordedObservations("daily-courier");

export const recordedScanner = {
  scan: ({ url }) => Promise.resolve({ ...observations, target: { ...observations.target, url, host: new URL(url).hostname } }),
  close: () => Promise.resolve(),
};
