// Scanner benchmarks against the fixture web (offline), with the built packages:
// 1. wall time of one scan vs a bare Chromium load of the same page with the same observe window (ratio), and
//    vs the same bare load with its window starting at network idle, as the scan's does,
//    checked against the ratio recorded in scan-throughput.reference.json: a ratio that grew beyond the
//    noise is reported as a regression and fails the run (exit code 1);
// 2. scans per minute and peak memory (PSS of the browser's process tree and of this process) at
//    concurrency 1, 2, 4, 6 and 8, with one shared browser, the memory each concurrent scan adds, and how
//    many scans of each level saw other evidence than a scan alone (cookies, request hosts, banner): a
//    level that is faster because it saw less is not faster.
import { readFileSync } from "node:fs";
import { fixtureWebReach, heavyNewsHosts, HEAVY_NEWS_URL, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner, launchBrowser, resolveExecutable } from "@public-scan/scanner";
import { browserTreeMemory, ownMemoryKiB } from "./browser-tree-memory.mjs";

const OBSERVE_MS = 2000;
const SITE = "daily-courier";
const ROUNDS = 5;
const LEVELS = [1, 2, 4, 6, 8];
/** Each level runs at least two waves of scans, so a level's rate is not one wave's start and end. */
const scansAt = (concurrency) => Math.max(8, 2 * concurrency);
const SAMPLE_MS = 250;
/**
 * The ratio's run-to-run noise on this kind of machine: repeated runs of one commit read within about 5% of
 * each other, so growth beyond 10% is a change, not noise.
 */
const REGRESSION_TOLERANCE = 0.1;
const reference = JSON.parse(readFileSync(new URL("./scan-throughput.reference.json", import.meta.url), "utf8"));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Peak PSS (KiB) of the browser's tree plus this process while `work` runs, one sample at a time. */
async function peakMemoryDuring(work) {
  let peak = 0;
  let settled = false;
  const finished = work.finally(() => (settled = true));
  const sample = async () => {
    const [tree, own] = await Promise.all([browserTreeMemory(), ownMemoryKiB()]);
    peak = Math.max(peak, tree.totalKiB + own);
  };
  while (!settled) {
    await sample();
    await Promise.race([finished.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SAMPLE_MS))]);
  }
  return { result: await finished, peakKiB: peak };
}

/** What a scan saw, in a form two scans of the same page can be compared by. */
const evidenceOf = (observations) =>
  JSON.stringify({
    cookies: [...new Set(observations.cookies.map((cookie) => `${cookie.domain} ${cookie.name}`))].sort(),
    hosts: [...new Set(observations.requests.map((request) => request.host))].sort(),
    banner: observations.consent?.cmp ?? null,
  });

export async function run({ log }) {
  const web = await startFixtureWeb({ extraHosts: heavyNewsHosts() });
  const site = web.sites.find((candidate) => candidate.id === SITE);
  const source = await resolveExecutable();
  const extraCaCerts = web.caCertPem;
  // The bare browser reaches the fixture web through Chromium's own resolver rules; the scanner's browser
  // must not have them (they would also map its egress proxy), it uses its `resolve` option instead.
  const bareBrowser = await launchBrowser({
    source,
    locale: "en-US",
    extraCaCerts,
    extraArgs: [`--host-resolver-rules=MAP * 127.0.0.1:${web.port}`],
  });
  // A DevTools port, so the scanners below connect to this one browser (as a trusted remote browser: it has
  // the scanner's flags and sandbox, launchBrowser gave them).
  const launched = await launchBrowser({ source, locale: "en-US", extraCaCerts, devToolsPort: true });
  const scanOrFail = async (scanner, url = site.url) => {
    const observations = await scanner.scan({ url });
    if (observations.navigation.pageKind !== "html")
      throw new Error(`bench scan did not reach the page: ${observations.navigation.pageKind}`);
    return observations;
  };
  try {
    // Baseline: what any headless visit costs: a fresh context, load, the same observe window. And the same
    // visit starting its window where the scan starts its own: once the network is idle (500 ms without a
    // request after load), which a scan waits for so that what the page loads late is in its evidence.
    const bareVisit = async (waitForIdle) => {
      const started = performance.now();
      const context = await bareBrowser.browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(site.url, { waitUntil: "load" });
      if (waitForIdle) await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, OBSERVE_MS));
      await context.close();
      return performance.now() - started;
    };
    const bare = [];
    const bareIdle = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bare.push(await bareVisit(false));
      bareIdle.push(await bareVisit(true));
    }
    const options = {
      browserWSEndpoint: launched.devToolsEndpoint,
      remoteBrowserTrusted: true,
      ...fixtureWebReach(web),
      observeMs: OBSERVE_MS,
    };
    const single = createPuppeteerScanner({ ...options, concurrency: 1 });
    const scans = [];
    const alone = new Set();
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      alone.add(evidenceOf(await scanOrFail(single)));
      scans.push(performance.now() - started);
    }
    await single.close();
    log(`one scan of ${site.host}, observe window ${OBSERVE_MS} ms, median of ${ROUNDS}:`);
    log(`  ${(median(bare) / 1000).toFixed(2)} s  1.00x  bare Chromium load (baseline)`);
    log(
      `  ${(median(bareIdle) / 1000).toFixed(2)} s  ${(median(bareIdle) / median(bare)).toFixed(2)}x  bare Chromium load, window from network idle as the scan's`,
    );
    log(
      `  ${(median(scans) / 1000).toFixed(2)} s  ${(median(scans) / median(bare)).toFixed(2)}x  public-scan pre-consent scan ` +
        `(${(median(scans) / median(bareIdle)).toFixed(2)}x the visit with the same window)`,
    );

    const ratio = median(scans) / median(bare);
    const allowed = reference.scanOverBare * (1 + REGRESSION_TOLERANCE);
    if (ratio > allowed) {
      log(
        `  REGRESSION: ${ratio.toFixed(2)}x is above the recorded ${reference.scanOverBare.toFixed(2)}x (${reference.commit}) ` +
          `by more than ${REGRESSION_TOLERANCE * 100}%: find what the scan added, or record the new ratio with its reason`,
      );
      process.exitCode = 1;
    } else {
      log(
        `  regression check: within ${REGRESSION_TOLERANCE * 100}% of the recorded ${reference.scanOverBare.toFixed(2)}x (${reference.commit})`,
      );
    }

    // The bare browser is done: from here every process under this one is the scanner's browser.
    await bareBrowser.close();
    const idle = (await browserTreeMemory()).totalKiB + (await ownMemoryKiB());
    const levels = async (url, alone) => {
      let first;
      for (const concurrency of LEVELS) {
        const scanner = createPuppeteerScanner({ ...options, concurrency });
        const count = scansAt(concurrency);
        const started = performance.now();
        const { result, peakKiB } = await peakMemoryDuring(Promise.all(Array.from({ length: count }, () => scanOrFail(scanner, url))));
        const seconds = (performance.now() - started) / 1000;
        await scanner.close();
        const differing = result.filter((observations) => !alone.has(evidenceOf(observations))).length;
        first ??= peakKiB;
        const added =
          concurrency === 1
            ? `first scan ${((peakKiB - idle) / 1024).toFixed(0)} MiB`
            : `${((peakKiB - first) / 1024 / (concurrency - 1)).toFixed(0)} MiB per scan after the first`;
        log(
          `  concurrency ${concurrency}: ${((count / seconds) * 60).toFixed(1)} scans/min (${count} scans), peak ${(peakKiB / 1024).toFixed(0)} MiB (${added}), ` +
            `${differing} of ${count} with other evidence`,
        );
      }
    };
    log(
      `throughput of ${site.host} and peak memory (PSS: browser tree + this process, ${(idle / 1024).toFixed(0)} MiB idle), one browser; ` +
        `evidence compared with the ${alone.size} distinct result(s) of the scans alone above:`,
    );
    await levels(site.url, alone);
    // The fixture web's heaviest page (a CMP, a dozen trackers, 13 cross-site frames, decoded photos): where
    // CPU and memory run out first. Its evidence is compared with that of scans of it alone, first.
    const heavyAlone = new Set();
    const heavySingle = createPuppeteerScanner({ ...options, concurrency: 1 });
    for (let round = 0; round < 3; round += 1) heavyAlone.add(evidenceOf(await scanOrFail(heavySingle, HEAVY_NEWS_URL)));
    await heavySingle.close();
    log(`the same for ${new URL(HEAVY_NEWS_URL).host} (${heavyAlone.size} distinct result(s) of 3 scans alone):`);
    await levels(HEAVY_NEWS_URL, heavyAlone);
  } finally {
    // Closed once the baseline is measured; again here when a scan failed first.
    await bareBrowser.close().catch(() => undefined);
    await launched.close();
    await web.close();
  }
}
