// The benchmark servers' scanner: it answers every scan with observations recorded on the fixture web
// (core's test fixtures), re-targeted at the scanned URL, so a run measures the surfaces, not a browser.
import { readFileSync } from "node:fs";

const observations = JSON.parse(readFileSync(new URL("../../core/test/fixtures/observations/daily-courier.json", import.meta.url), "utf8"));

export const recordedScanner = {
  scan: ({ url }) => Promise.resolve({ ...observations, target: { ...observations.target, url, host: new URL(url).hostname } }),
  close: () => Promise.resolve(),
};
