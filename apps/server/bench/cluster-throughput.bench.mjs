// Throughput of the distributed mode with real processes (`public-scan serve --role api|worker --demo`,
// the built server) on the machine's Redis: scans per minute of one worker against two workers, each worker
// with its own launched browser, and the peak memory of every worker's process tree.
//
// One API process serves the whole run; each (round, case) starts its own workers, warms their browsers up,
// queues a fixed batch of distinct fixture-web URLs through POST /api/v2/scans with a support key holding
// scan:create (the anonymous quota would refuse a run), and reads the scans' state straight from Redis
// (polling the API would spend the key's read limits). Cases alternate in rounds; medians are reported.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { issueApiKey, SYSTEM_CLOCK } from "@public-scan/core";
import { createRedisClient, createRedisKeyStore } from "@public-scan/storage/redis";
import { CLOCK_TICKS, cpuTicksOf, hasBrowser, machineCpuTicks, processTable, treeMemoryKiB, treeOf } from "./process-tree.mjs";
import { deletePrefix, startServe } from "./serve-process.mjs";

const REDIS_URL = process.env.PUBLIC_SCAN_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const OBSERVE_MS = 2000;
/** Scans each worker runs at the same time: the serve command's default. */
const CONCURRENCY = 2;
const WORKER_COUNTS = [1, 2];
const ROUNDS = 3;
/** Divisible by 2 and 4 concurrent scans, so neither case ends on a half-empty wave. */
const SCANS_PER_ROUND = 12;
const SITE_URL = "https://www.daily-courier.test/";
const SAMPLE_MS = 250;
/** Reading PSS walks each process's page tables (milliseconds of kernel time per process): once a second. */
const PSS_EVERY = 4;
const ROUND_TIMEOUT_MS = 10 * 60_000;
const TERMINAL = new Set(["completed", "completed_limited", "failed", "expired"]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const mib = (kib) => (kib === null ? "n/a" : `${(kib / 1024).toFixed(0)} MiB`);
const percent = (fraction) => (fraction === null ? "n/a" : `${(fraction * 100).toFixed(0)}%`);
const sum = (values) => (values.includes(null) ? null : values.reduce((total, value) => total + value, 0));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Samples the workers' trees every SAMPLE_MS (PSS every PSS_EVERY samples). `stop` returns the memory peaks,
 * per worker and of their sum, the CPU the trees used meanwhile in cores (what each process used since the
 * start or since it appeared; a process that ends loses at most its last interval), and what this process
 * used, sampling and its ps runs included.
 */
function sampleTrees(workers) {
  const peaks = { rss: workers.map(() => 0), pss: workers.map(() => 0), totalRss: 0, totalPss: 0 };
  const firstTicks = new Map();
  const lastTicks = new Map();
  const readCpu = (table, atStart) => {
    for (const worker of workers) {
      for (const pid of treeOf(table, worker.child.pid)) {
        const ticks = cpuTicksOf(pid);
        if (ticks === null) continue;
        if (!firstTicks.has(pid)) firstTicks.set(pid, atStart ? ticks : 0);
        lastTicks.set(pid, ticks);
      }
    }
  };
  let samples = 0;
  const sample = () => {
    const table = processTable();
    readCpu(table, false);
    const withPss = samples % PSS_EVERY === 0;
    samples += 1;
    const sizes = workers.map((worker) => treeMemoryKiB(table, worker.child.pid, { pss: withPss }));
    peaks.totalRss = Math.max(peaks.totalRss, sum(sizes.map(({ rss }) => rss)));
    sizes.forEach(({ rss, pss }, index) => {
      peaks.rss[index] = Math.max(peaks.rss[index], rss);
      if (withPss) peaks.pss[index] = pss === null || peaks.pss[index] === null ? null : Math.max(peaks.pss[index], pss);
    });
    if (!withPss) return;
    const totalPss = sum(sizes.map(({ pss }) => pss));
    peaks.totalPss = totalPss === null || peaks.totalPss === null ? null : Math.max(peaks.totalPss, totalPss);
  };
  readCpu(processTable(), true);
  const ownTicks = cpuTicksOf(process.pid, { children: true });
  const startedAt = performance.now();
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      let ticks = 0;
      for (const [pid, last] of lastTicks) ticks += last - firstTicks.get(pid);
      const seconds = (performance.now() - startedAt) / 1000;
      const ownCores = ownTicks === null ? null : (cpuTicksOf(process.pid, { children: true }) - ownTicks) / CLOCK_TICKS / seconds;
      return { ...peaks, cores: ticks / CLOCK_TICKS / seconds, ownCores };
    },
  };
}

export async function run({ log }) {
  const runId = randomUUID();
  const prefix = `public-scan-bench:cluster-${runId}:`;
  const dataDir = await mkdtemp(join(tmpdir(), "public-scan-cluster-bench-"));
  const admin = await createRedisClient(REDIS_URL, { redis: { retryStrategy: () => null, maxRetriesPerRequest: 0 } });
  const processes = [];
  const cleanUp = async () => {
    await Promise.all(processes.splice(0).map((served) => served.stop()));
    await deletePrefix(admin, prefix).catch((error) => log(`could not delete ${prefix}*: ${error.message}`));
    admin.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  };
  // Ctrl+C during a run still stops the cluster and deletes its keys.
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    await admin.ping().catch((error) => {
      throw new Error(`the cluster benchmark needs Redis at ${REDIS_URL}`, { cause: error });
    });
    // Every process of the deployment shares the data directory (the deployment secret) and the prefix.
    const env = {
      PUBLIC_SCAN_DATA_DIR: dataDir,
      PUBLIC_SCAN_REDIS_URL: REDIS_URL,
      PUBLIC_SCAN_REDIS_PREFIX: prefix,
      PUBLIC_SCAN_ACCOUNTS: "off",
      PUBLIC_SCAN_PORT: "0",
      PUBLIC_SCAN_OBSERVE_MS: String(OBSERVE_MS),
      PUBLIC_SCAN_CONCURRENCY: String(CONCURRENCY),
      PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "5000",
    };
    // A support key with scan:create, stored where the API's key store looks (the keys command writes
    // SQLite only): created scans are then charged to no anonymous quota, and no limit is changed.
    const keys = createRedisKeyStore({ client: admin, keyPrefix: `${prefix}key:` });
    const { resource } = await issueApiKey(
      { keys, clock: SYSTEM_CLOCK, supportEmail: "support@example.org" },
      { kind: "support", scopes: ["scan:create", "scan:read"], validDays: 1, name: "cluster-throughput bench" },
    );
    // The API first: it writes the deployment secret the workers read.
    const api = await startServe({ role: "api", env });
    processes.push(api);

    let sequence = 0;
    const queueScans = async (label, count) => {
      const scanIds = [];
      for (let index = 0; index < count; index += 1) {
        sequence += 1;
        const response = await fetch(`${api.url}/api/v2/scans`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${resource.key}` },
          // A query makes each URL a target of its own (the page is the same), so none is reused or joined.
          body: JSON.stringify({ url: `${SITE_URL}?bench=${label}-${sequence}` }),
        });
        const body = await response.json();
        if (response.status !== 202 || body.executionMode !== "new_scan")
          throw new Error(`POST /api/v2/scans answered ${response.status}: ${JSON.stringify(body)}`);
        scanIds.push(body.scanId);
      }
      return scanIds;
    };
    const waitForScans = async (scanIds) => {
      const until = Date.now() + ROUND_TIMEOUT_MS;
      for (;;) {
        const pipeline = admin.pipeline();
        for (const scanId of scanIds) pipeline.hget(`${prefix}scan:r:${scanId}`, "record");
        const records = (await pipeline.exec()).map(([error, json]) => (error || json === null ? null : JSON.parse(json)));
        if (records.every((record) => record !== null && TERMINAL.has(record.status))) return records;
        if (Date.now() > until) throw new Error(`scans still running after ${ROUND_TIMEOUT_MS} ms`);
        await sleep(200);
      }
    };

    const results = new Map(WORKER_COUNTS.map((count) => [count, []]));
    const oddities = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order flips every round, so a drift of the machine does not favour one case.
      const order = round % 2 === 0 ? WORKER_COUNTS : [...WORKER_COUNTS].reverse();
      for (const workerCount of order) {
        const workers = await Promise.all(Array.from({ length: workerCount }, () => startServe({ role: "worker", env })));
        processes.push(...workers);
        // Warm-up: each worker launches its browser at its first scan, which the timed batch must not pay.
        for (let attempt = 0; !workers.every((worker) => hasBrowser(processTable(), worker.child.pid)); attempt += 1) {
          if (attempt === 3) throw new Error("a worker took no warm-up scan");
          await waitForScans(await queueScans(`warm-${runId}-${round}-${workerCount}`, workerCount * CONCURRENCY));
        }
        await sleep(1000);
        const idleTable = processTable();
        const idle = workers.map((worker) => treeMemoryKiB(idleTable, worker.child.pid));

        const sampler = sampleTrees(workers);
        const cpuBefore = machineCpuTicks();
        const startedAt = Date.now();
        let records;
        let peaks;
        try {
          records = await waitForScans(await queueScans(`run-${runId}-${round}-${workerCount}`, SCANS_PER_ROUND));
        } finally {
          peaks = sampler.stop();
        }
        const cpuAfter = machineCpuTicks();
        const cpuBusy =
          cpuBefore === null || cpuAfter === null ? null : (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total);
        // The end is the last completion the store recorded, not the poll that saw it.
        const endedAt = Math.max(...records.map((record) => Date.parse(record.completedAt ?? new Date().toISOString())));
        const seconds = (endedAt - startedAt) / 1000;
        const notCompleted = records.filter((record) => record.status !== "completed");
        const noGo = records.filter((record) => record.report?.resultDisposition === "no_go");
        const retried = records.filter((record) => record.attempts > 1);
        if (notCompleted.length + noGo.length + retried.length > 0)
          oddities.push(
            `round ${round + 1}, ${workerCount} worker(s): ${notCompleted.length} not completed (${notCompleted.map((record) => record.error?.code ?? record.status).join(", ")}), ${noGo.length} no-go, ${retried.length} retried`,
          );
        const scanSeconds = median(records.map((record) => (Date.parse(record.completedAt) - Date.parse(record.startedAt)) / 1000));
        const perMinute = (SCANS_PER_ROUND / seconds) * 60;
        results.get(workerCount).push({ perMinute, scanSeconds, cpuBusy, peaks, idle });
        log(
          `round ${round + 1}, ${workerCount} worker(s): ${SCANS_PER_ROUND} scans in ${seconds.toFixed(1)} s = ${perMinute.toFixed(1)} scans/min, ` +
            `median scan ${scanSeconds.toFixed(1)} s, workers' CPU ${peaks.cores.toFixed(2)} cores, bench's own ${peaks.ownCores?.toFixed(2) ?? "n/a"}, machine busy ${percent(cpuBusy)}; ` +
            `peak RSS ${peaks.rss.map(mib).join(" + ")} (together ${mib(peaks.totalRss)}), peak PSS ${peaks.pss.map(mib).join(" + ")} (together ${mib(peaks.totalPss)}), ` +
            `idle PSS after warm-up ${idle.map(({ pss }) => mib(pss)).join(" + ")}`,
        );
        for (const worker of workers) {
          const complaints = worker
            .output()
            .split("\n")
            .filter((line) => /failed|error|stalled/i.test(line));
          if (complaints.length > 0) oddities.push(`worker ${worker.child.pid}: ${complaints.slice(0, 5).join(" | ")}`);
        }
        await Promise.all(workers.map((worker) => worker.stop()));
        processes.splice(processes.length - workers.length, workers.length);
      }
    }

    const apiComplaints = api
      .output()
      .split("\n")
      .filter((line) => /failed|error/i.test(line));
    if (apiComplaints.length > 0) oddities.push(`api: ${apiComplaints.slice(0, 5).join(" | ")}`);
    log(`observe window ${OBSERVE_MS} ms, phases full (pre-consent, reject, accept, GPC), concurrency ${CONCURRENCY} per worker,`);
    log(`${SCANS_PER_ROUND} scans per round, ${ROUNDS} rounds per case alternating; medians over rounds:`);
    const base = median(results.get(WORKER_COUNTS[0]).map((result) => result.perMinute));
    for (const workerCount of WORKER_COUNTS) {
      const rounds = results.get(workerCount);
      const of = (pick) => (rounds.some((result) => pick(result) === null) ? null : median(rounds.map(pick)));
      const perMinute = of((result) => result.perMinute);
      const cpuBusy = of((result) => result.cpuBusy);
      const cores = of((result) => result.peaks.cores);
      const ownCores = of((result) => result.peaks.ownCores);
      const workerRss = of((result) => Math.max(...result.peaks.rss));
      const workerPss = of((result) => (result.peaks.pss.includes(null) ? null : Math.max(...result.peaks.pss)));
      const totalRss = of((result) => result.peaks.totalRss);
      const totalPss = of((result) => result.peaks.totalPss);
      const idlePss = of((result) => (result.idle.some(({ pss }) => pss === null) ? null : Math.max(...result.idle.map(({ pss }) => pss))));
      const concurrent = workerCount * CONCURRENCY;
      log(
        `  ${workerCount} worker(s): ${perMinute.toFixed(1)} scans/min (${(perMinute / base).toFixed(2)}x), median scan ${of((result) => result.scanSeconds).toFixed(1)} s, ` +
          `workers' CPU ${cores.toFixed(2)} of ${availableParallelism()} cores (bench's own ${ownCores?.toFixed(2) ?? "n/a"}), machine busy ${percent(cpuBusy)} (other users of the machine included)`,
      );
      log(
        `    peak per worker: RSS ${mib(workerRss)}, PSS ${mib(workerPss)}; all workers together: RSS ${mib(totalRss)}, PSS ${mib(totalPss)}; ` +
          `idle worker PSS ${mib(idlePss)}`,
      );
      log(
        `    per scan: ${mib(totalPss === null ? null : totalPss / concurrent)} PSS (peak together / ${concurrent} scans), ` +
          `${mib(workerPss === null || idlePss === null ? null : (workerPss - idlePss) / CONCURRENCY)} above the idle worker`,
      );
    }
    log(oddities.length === 0 ? "every scan completed on its first attempt; no errors in the processes' output" : "odd:");
    for (const line of oddities) log(`  ${line}`);
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await cleanUp();
  }
}
