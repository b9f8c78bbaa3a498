// What each consent phase adds to a scan, against the fixture web (offline), with the built packages:
// the median wall time of a scan of daily-courier with pre-consent only, + reject (same visit),
// + accept (a fresh context), + GPC (another fresh context), + the next pages of reject and accept (full), each
// phase observing as long as the pre-consent window. One shared browser, one scan at a time, on the default
// three page slots (the accept and GPC visits borrow the free ones and run beside the reject); the last row is
// the full scan on one slot, its phases one after the other as on a busy scanner.
import { fixtureWebReach, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner, launchBrowser, resolveExecutable } from "@public-scan/scanner";

const OBSERVE_MS = 2000;
const SITE = "daily-courier";
const ROUNDS = 5;
const CASES = [
  ["pre-consent only", "pre_consent_only"],
  ["+ reject (same visit)", { reject: true }],
  ["+ accept (fresh context)", { reject: true, accept: true }],
  ["+ GPC (fresh context)", { reject: true, accept: true, gpc: true }],
  ["+ next pages (after reject and accept): full", "full"],
  ["full, one page slot (phases one after the other)", "full", 1],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function run({ log }) {
  const web = await startFixtureWeb();
  const site = web.sites.find((candidate) => candidate.id === SITE);
  // One browser for every case, reached over its DevTools port as a trusted remote browser (launchBrowser
  // gave it the scanner's flags and sandbox).
  const launched = await launchBrowser({
    source: await resolveExecutable(),
    locale: "en-US",
    extraCaCerts: web.caCertPem,
    devToolsPort: true,
  });
  try {
    const results = [];
    for (const [name, phases, concurrency = 3] of CASES) {
      const scanner = createPuppeteerScanner({
        browserWSEndpoint: launched.devToolsEndpoint,
        remoteBrowserTrusted: true,
        ...fixtureWebReach(web),
        observeMs: OBSERVE_MS,
        concurrency,
        phases,
      });
      const times = [];
      // One scan to warm up (classifier data, autoconsent's rules), then the measured rounds.
      for (let round = 0; round <= ROUNDS; round += 1) {
        const started = performance.now();
        const observations = await scanner.scan({ url: site.url });
        if (observations.phases?.some((phase) => phase.status === "failed" || phase.status === "timed_out"))
          throw new Error(`bench scan had a broken phase: ${JSON.stringify(observations.phases)}`);
        if (round > 0) times.push(performance.now() - started);
      }
      await scanner.close();
      results.push([name, median(times)]);
    }
    const [, baseline] = results[0];
    log(`one scan of ${site.host}, observe window ${OBSERVE_MS} ms for every phase, median of ${ROUNDS}:`);
    let previous = baseline;
    for (const [name, ms] of results) {
      log(`  ${(ms / 1000).toFixed(2)} s  ${(ms / baseline).toFixed(2)}x  (+${((ms - previous) / 1000).toFixed(2)} s)  ${name}`);
      previous = ms;
    }
  } finally {
    await launched.close();
    await web.close();
  }
}
