// Memory per scan: the PSS of the scanner's browser tree while full scans (pre-consent, reject, accept, GPC)
// run 1, 2 and 4 at a time in one browser. Per extra concurrent scan: (peak at 4 − peak at 1) / 3.
//
// Pages: the fixture web's heavy news page (HEAVY_NEWS_URL: a CMP, a dozen trackers, 13 cross-site frames,
// decoded photos; heavier than any fixture site) and its heaviest fixture site, the Daily Courier. Two
// browser set-ups, alternating in rounds: the baseline with site isolation on (`isolateSites: true`: every
// cross-site frame in a renderer of its own, as in desktop Chrome and in the scanner before it defaulted to
// off), and the scanner's defaults. Then what the heavy page itself takes: the renderers of a bare Chromium
// visit against those of the scanner's visit, over the same load and observe window. Linux only (/proc).
import { fixtureWebReach, heavyNewsHosts, HEAVY_NEWS_URL, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner, launchBrowser, resolveExecutable } from "@public-scan/scanner";
import { browserTreeMemory, ownMemoryKiB } from "./browser-tree-memory.mjs";

const OBSERVE_MS = 2000;
const LEVELS = [1, 2, 4];
const ROUNDS = Number(process.env.PUBLIC_SCAN_BENCH_ROUNDS ?? 3);
const SAMPLE_MS = 250;
const SETUPS = [
  { name: "site isolation on (baseline)", isolateSites: true },
  { name: "scanner defaults", isolateSites: false },
];
/** The bare-visit comparison: load, then this long sampled, so both visits are measured over the same span. */
const VISIT_SAMPLE_MS = 7000;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `sample` every SAMPLE_MS until `until` settles, and once more then; one sample at a time, as a sample
 * reads /proc for every process of the tree. Settles like `until`.
 */
async function sampleUntil(until, sample) {
  let settled = false;
  const finished = until.finally(() => (settled = true));
  while (!settled) {
    await sample();
    await Promise.race([sleep(SAMPLE_MS), finished.catch(() => undefined)]);
  }
  await sample();
  return finished;
}

/**
 * Peak browser-tree PSS while `work` runs, with the breakdown by process type at that peak, and the peak of
 * the tree and this Node process together (the scanner's Node side, but also the fixture web serving the
 * pages: an overstatement of what a server's Node process adds).
 */
async function peakWhile(work) {
  let peak = { totalKiB: 0, byType: {}, withNodeKiB: 0 };
  await sampleUntil(work(), async () => {
    const now = await browserTreeMemory();
    const withNodeKiB = Math.max(peak.withNodeKiB, now.totalKiB + (await ownMemoryKiB()));
    peak = now.totalKiB > peak.totalKiB ? { ...now, withNodeKiB } : { ...peak, withNodeKiB };
  });
  return peak;
}

/** Peak renderer PSS under `root` for `ms` from the start of `work` (which must take longer). */
async function rendererPeakFor(ms, root, work) {
  let peak = 0;
  const running = work();
  await sampleUntil(sleep(ms), async () => {
    peak = Math.max(peak, (await browserTreeMemory(root)).byType.renderer?.kib ?? 0);
  });
  await running;
  return peak;
}

/** One level of one case: a fresh scanner (and browser), one warm-up scan, then two waves of scans. */
async function measureLevel(web, { url, setup }, concurrency) {
  const scanner = createPuppeteerScanner({
    ...fixtureWebReach(web),
    observeMs: OBSERVE_MS,
    phases: "full",
    concurrency,
    isolateSites: setup.isolateSites,
  });
  const scanOrFail = async () => {
    const observations = await scanner.scan({ url });
    if (observations.navigation.pageKind !== "html")
      throw new Error(`bench scan did not reach the page: ${observations.navigation.pageKind}`);
    return observations;
  };
  try {
    const warm = await scanOrFail();
    const peak = await peakWhile(() => Promise.all(Array.from({ length: concurrency * 2 }, scanOrFail)));
    return { peak, warm };
  } finally {
    await scanner.close();
  }
}

/** The heavy page's renderers in a bare visit (fresh context, load, wait) and in the scanner's pre-consent visit. */
async function pageAlone(web) {
  const launched = await launchBrowser({
    source: await resolveExecutable(),
    locale: "en-US",
    extraCaCerts: web.caCertPem,
    extraArgs: [`--host-resolver-rules=MAP * 127.0.0.1:${web.port}`],
  });
  const bareVisit = async () => {
    const context = await launched.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1366, height: 768 });
    await page.goto(HEAVY_NEWS_URL, { waitUntil: "load" });
    await sleep(VISIT_SAMPLE_MS);
    await context.close();
  };
  let bare;
  try {
    await bareVisit();
    bare = await rendererPeakFor(VISIT_SAMPLE_MS, launched.pid, bareVisit);
  } finally {
    await launched.close();
  }
  const scanner = createPuppeteerScanner({ ...fixtureWebReach(web), observeMs: VISIT_SAMPLE_MS });
  try {
    await scanner.scan({ url: HEAVY_NEWS_URL });
    const scan = await rendererPeakFor(VISIT_SAMPLE_MS, process.pid, () => scanner.scan({ url: HEAVY_NEWS_URL }));
    return { bare, scan };
  } finally {
    await scanner.close();
  }
}

function describePage(warm) {
  const preConsent = warm.requests.filter((request) => request.phase === "pre_consent");
  const thirdParty = new Set(preConsent.filter((request) => request.party === "third_party").map((request) => request.registrableDomain));
  const phases = warm.phases?.map((phase) => `${phase.phase} ${phase.status}`).join(", ");
  return `${thirdParty.size} third-party sites and ${warm.cookies.length} cookies before consent, ${warm.frames.length} frames; ${phases}`;
}

export async function run({ log }) {
  if (process.platform !== "linux") return log("skipped: reads /proc (Linux only)");
  const web = await startFixtureWeb({ extraHosts: heavyNewsHosts() });
  const courier = web.sites.find((site) => site.id === "daily-courier").url;
  const cases = [HEAVY_NEWS_URL, courier].flatMap((url) => SETUPS.map((setup) => ({ url, setup, levels: LEVELS.map(() => []) })));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const testCase of cases) {
        for (const [index, concurrency] of LEVELS.entries()) {
          const result = await measureLevel(web, testCase, concurrency);
          testCase.levels[index].push(result);
          if (round === 0 && index === 0) log(`${testCase.url}, ${testCase.setup.name}: ${describePage(result.warm)}`);
        }
      }
    }
    log(`full scans (observe ${OBSERVE_MS} ms per phase), browser-tree PSS, median of ${ROUNDS} rounds:`);
    const perExtra = new Map();
    for (const testCase of cases) {
      const peaks = testCase.levels.map((level) => median(level.map((result) => result.peak.totalKiB)));
      const withNode = testCase.levels.map((level) => median(level.map((result) => result.peak.withNodeKiB)));
      const extra = (peaks[2] - peaks[0]) / 3;
      perExtra.set(testCase, extra);
      log(`  ${testCase.url}, ${testCase.setup.name}:`);
      log(`    peak ${LEVELS.map((level, index) => `${mib(peaks[index])} at ${level}`).join(", ")}`);
      log(`    per extra concurrent scan ${mib(extra)} (with this Node process ${mib((withNode[2] - withNode[0]) / 3)})`);
      const atFour = testCase.levels[2].map((result) => result.peak).sort((a, b) => a.totalKiB - b.totalKiB)[Math.floor(ROUNDS / 2)];
      const parts = Object.entries(atFour.byType).map(([type, { kib, count }]) => `${type} ${mib(kib)} (${count})`);
      log(`    at the median peak with 4: ${parts.join(", ")}`);
    }
    for (let index = 0; index < cases.length; index += SETUPS.length) {
      const [baseline, defaults] = cases.slice(index, index + 2);
      log(`  ${baseline.url}: defaults / baseline per extra scan ${(perExtra.get(defaults) / perExtra.get(baseline)).toFixed(2)}x`);
    }
    const alone = [];
    for (let round = 0; round < ROUNDS; round += 1) alone.push(await pageAlone(web));
    const bare = median(alone.map((result) => result.bare));
    const scan = median(alone.map((result) => result.scan));
    log(`the heavy page's renderers over load + ${VISIT_SAMPLE_MS} ms, median of ${ROUNDS}:`);
    log(`  bare Chromium visit (baseline) ${mib(bare)} 1.00x; scanner's pre-consent visit ${mib(scan)} ${(scan / bare).toFixed(2)}x`);
  } finally {
    await web.close();
  }
}
