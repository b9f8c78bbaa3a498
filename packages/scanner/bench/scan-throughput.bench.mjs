// Scanner benchmarks against the fixture web (offline), with the built packages:
// 1. wall time of one scan vs a bare Chromium load of the same page with the same observe window (ratio);
// 2. scans per minute and peak memory (browser process tree RSS + Node RSS) at concurrency 1, 2 and 4,
//    with one shared browser.
import { execFileSync } from "node:child_process";
import { fixtureWebReach, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner, launchBrowser, resolveExecutable } from "@public-scan/scanner";

const OBSERVE_MS = 2000;
const SITE = "daily-courier";
const ROUNDS = 5;
const SCANS_PER_LEVEL = 8;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Resident memory (KiB) of a process and all its descendants, from ps. */
function treeRssKiB(rootPid) {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const children = new Map();
  for (const [pid, ppid] of rows) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const rss = new Map(rows.map(([pid, , kib]) => [pid, kib]));
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop();
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export async function run({ log }) {
  const web = await startFixtureWeb();
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
  const browserPid = launched.browser.process()?.pid;
  const scanOrFail = async (scanner) => {
    const observations = await scanner.scan({ url: site.url });
    if (observations.navigation.pageKind !== "html")
      throw new Error(`bench scan did not reach the page: ${observations.navigation.pageKind}`);
    return observations;
  };
  try {
    // Baseline: what any headless visit costs: a fresh context, load, the same observe window.
    const bare = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const context = await bareBrowser.browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(site.url, { waitUntil: "load" });
      await new Promise((resolve) => setTimeout(resolve, OBSERVE_MS));
      await context.close();
      bare.push(performance.now() - started);
    }
    const options = {
      browserWSEndpoint: launched.devToolsEndpoint,
      remoteBrowserTrusted: true,
      ...fixtureWebReach(web),
      observeMs: OBSERVE_MS,
    };
    const single = createPuppeteerScanner({ ...options, concurrency: 1 });
    const scans = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await scanOrFail(single);
      scans.push(performance.now() - started);
    }
    await single.close();
    log(`one scan of ${site.host}, observe window ${OBSERVE_MS} ms, median of ${ROUNDS}:`);
    log(`  ${(median(bare) / 1000).toFixed(2)} s  1.00x  bare Chromium load (baseline)`);
    log(`  ${(median(scans) / 1000).toFixed(2)} s  ${(median(scans) / median(bare)).toFixed(2)}x  public-scan pre-consent scan`);

    log(`throughput, ${SCANS_PER_LEVEL} scans per level, one browser:`);
    for (const concurrency of [1, 2, 4]) {
      const scanner = createPuppeteerScanner({ ...options, concurrency });
      let peakKiB = 0;
      const sampler = setInterval(() => {
        const kib = (browserPid ? treeRssKiB(browserPid) : 0) + Math.round(process.memoryUsage().rss / 1024);
        peakKiB = Math.max(peakKiB, kib);
      }, 100);
      const started = performance.now();
      await Promise.all(Array.from({ length: SCANS_PER_LEVEL }, () => scanOrFail(scanner)));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      await scanner.close();
      log(
        `  concurrency ${concurrency}: ${((SCANS_PER_LEVEL / seconds) * 60).toFixed(1)} scans/min, peak memory ${(peakKiB / 1024).toFixed(0)} MiB`,
      );
    }
  } finally {
    await bareBrowser.close();
    await launched.close();
    await web.close();
  }
}
