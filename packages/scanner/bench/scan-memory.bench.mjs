// Memory per scan: the PSS of the scanner's browser tree while full scans (pre-consent, reject, accept, GPC)
// of the fixture web's heavy news page (HEAVY_NEWS_URL: a CMP, a dozen trackers, 13 cross-site frames,
// decoded photos) run 1, 2 and 4 at a time in one browser. Per extra concurrent scan: (peak at 4 − peak at 1) / 3.
//
// Two browser set-ups in the same run, alternating in rounds: the baseline with site isolation on
// (`isolateSites: true`: every cross-site frame in a renderer of its own, as in desktop Chrome and in the
// scanner before it defaulted to off), and the scanner's defaults. Linux only (/proc).
import { heavyNewsHosts, HEAVY_NEWS_URL, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { browserTreeMemory, ownMemoryKiB } from "./browser-tree-memory.mjs";

const OBSERVE_MS = 2000;
const LEVELS = [1, 2, 4];
const ROUNDS = Number(process.env.PUBLIC_SCAN_BENCH_ROUNDS ?? 3);
const SAMPLE_MS = 250;
const SETUPS = [
  { name: "site isolation on (baseline)", isolateSites: true },
  { name: "scanner defaults", isolateSites: false },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const mib = (kib) => `${(kib / 1024).toFixed(0)} MiB`;

/** Peak browser-tree PSS while `work` runs, with the breakdown by process type at that peak. */
async function peakWhile(work) {
  let peak = { totalKiB: 0, byType: {} };
  const sample = () => {
    const now = browserTreeMemory();
    if (now.totalKiB > peak.totalKiB) peak = now;
  };
  const timer = setInterval(sample, SAMPLE_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  sample();
  return peak;
}

/** One level of one set-up: a fresh scanner (and browser), one warm-up scan, then two waves of scans. */
async function measure(web, setup, concurrency) {
  const scanner = createPuppeteerScanner({
    resolve: web.resolveRules,
    allowPrivateTargets: web.allowPrivateTargets,
    extraCaCerts: web.caCertPem,
    observeMs: OBSERVE_MS,
    phases: "full",
    concurrency,
    isolateSites: setup.isolateSites,
  });
  const scanOrFail = async () => {
    const observations = await scanner.scan({ url: HEAVY_NEWS_URL });
    if (observations.navigation.pageKind !== "html")
      throw new Error(`bench scan did not reach the page: ${observations.navigation.pageKind}`);
    return observations;
  };
  try {
    const warm = await scanOrFail();
    const idle = browserTreeMemory();
    const peak = await peakWhile(() => Promise.all(Array.from({ length: concurrency * 2 }, scanOrFail)));
    return { idle, peak, warm };
  } finally {
    await scanner.close();
  }
}

export async function run({ log }) {
  if (process.platform !== "linux") return log("skipped: reads /proc (Linux only)");
  const web = await startFixtureWeb({ extraHosts: heavyNewsHosts() });
  const results = SETUPS.map(() => LEVELS.map(() => []));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [setupIndex, setup] of SETUPS.entries()) {
        for (const [levelIndex, concurrency] of LEVELS.entries()) {
          const result = await measure(web, setup, concurrency);
          results[setupIndex][levelIndex].push(result);
          if (round === 0 && levelIndex === 0) {
            const { warm } = result;
            const preConsent = warm.requests.filter((request) => request.phase === "pre_consent");
            const thirdParty = new Set(
              preConsent.filter((request) => request.party === "third_party").map((request) => request.registrableDomain),
            );
            const phases = warm.phases?.map((phase) => `${phase.phase} ${phase.status}`).join(", ");
            log(
              `${setup.name}: ${thirdParty.size} third-party sites and ${warm.cookies.length} cookies before consent, ${warm.frames.length} frames; ${phases}`,
            );
          }
        }
      }
    }
    log(`full scans of ${HEAVY_NEWS_URL} (observe ${OBSERVE_MS} ms per phase), browser-tree PSS, median of ${ROUNDS} rounds:`);
    const perExtra = [];
    for (const [setupIndex, setup] of SETUPS.entries()) {
      const peaks = results[setupIndex].map((level) => median(level.map((result) => result.peak.totalKiB)));
      const idle = median(results[setupIndex][0].map((result) => result.idle.totalKiB));
      perExtra.push((peaks[2] - peaks[0]) / 3);
      log(
        `  ${setup.name}: idle after one scan ${mib(idle)}; peak ${LEVELS.map((level, index) => `${mib(peaks[index])} at ${level}`).join(", ")}`,
      );
      const atFour = results[setupIndex][2].map((result) => result.peak).sort((a, b) => a.totalKiB - b.totalKiB)[Math.floor(ROUNDS / 2)];
      const parts = Object.entries(atFour.byType).map(([type, { kib, count }]) => `${type} ${mib(kib)} (${count})`);
      log(`    at the median peak with 4: ${parts.join(", ")}`);
    }
    log(`  per extra concurrent scan: ${SETUPS.map((setup, index) => `${setup.name} ${mib(perExtra[index])}`).join("; ")}`);
    log(
      `  ratio (defaults / baseline): ${(perExtra[1] / perExtra[0]).toFixed(2)}x; this process (Node, fixture web included): ${mib(ownMemoryKiB())}`,
    );
  } finally {
    await web.close();
  }
}
