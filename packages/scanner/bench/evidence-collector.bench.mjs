// Pre-consent throughput against the EDPS website-evidence-collector (WEC), the reference open tool of the
// field, on the same fixture-web sites and machine, with the same wait after load (WEC's --sleep, the
// scanner's observe window), 1, 4 and 8 sites at a time (WEC: that many processes, each with its Chromium;
// the scanner: one browser with that concurrency). WEC is not a dependency (EUPL-1.2, not on
// npm, and it pulls puppeteer's own Chrome): run it from a checkout given in PUBLIC_SCAN_BENCH_WEC, installed
// with `PUPPETEER_SKIP_DOWNLOAD=1 npm install --omit=dev`; it drives this machine's Chromium (the scanner's
// executable) through PUPPETEER_EXECUTABLE_PATH. Without the variable the suite says so and skips.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { fixtureWebReach, startFixtureWeb } from "@public-scan/fixture-web";
import { createPuppeteerScanner, resolveExecutable } from "@public-scan/scanner";

const exec = promisify(execFile);

// WEC also checks the site over HTTP and HTTPS from Node (got), as the scanner's transport probe does: this
// module, preloaded into WEC's process, sends those connections for the fixture web's hosts to its port, as
// the scanner's `resolve` option does for its own probes (its CA is trusted through NODE_EXTRA_CA_CERTS).
const FIXTURE_ROUTING = `
import net from "node:net";
import tls from "node:tls";
const port = Number(process.env.PUBLIC_SCAN_BENCH_FIXTURE_PORT);
const route = (options) =>
  options !== null && typeof options === "object" && typeof options.host === "string" && options.host.endsWith(".test")
    ? { ...options, servername: options.servername ?? options.host, host: "127.0.0.1", port }
    : options;
const connect = net.createConnection;
net.createConnection = net.connect = (options, ...rest) => connect(route(options), ...rest);
const secure = tls.connect;
tls.connect = (options, ...rest) => secure(route(options), ...rest);
`;
const OBSERVE_MS = 2000;
const SITES = 14;
const LEVELS = [1, 4, 8];

/** Runs `task` over `items`, `concurrency` at a time; resolves with the wall time in seconds. */
async function timed(items, concurrency, task) {
  const started = performance.now();
  const queue = [...items];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function run({ log }) {
  const wec = process.env.PUBLIC_SCAN_BENCH_WEC;
  if (wec === undefined || wec === "") {
    log("skipped: set PUBLIC_SCAN_BENCH_WEC to a website-evidence-collector checkout (see this file's header)");
    return;
  }
  const web = await startFixtureWeb();
  // HTTPS sites of ordinary shops, papers and services: the first SITES of the fixture web's list.
  const sites = web.sites.filter((site) => site.url.startsWith("https:") && site.id !== "ssrf-lab").slice(0, SITES);
  const source = await resolveExecutable();
  if (source.kind === "remote") throw new Error("the comparison needs a local Chromium executable");
  const out = mkdtempSync(join(tmpdir(), "public-scan-wec-"));
  const routing = join(out, "fixture-routing.mjs");
  writeFileSync(routing, FIXTURE_ROUTING);
  const caFile = join(out, "fixture-ca.pem");
  writeFileSync(caFile, web.caCertPem);
  try {
    const browserFlags = [
      ...(source.kind === "serverless" ? source.args.filter((arg) => !arg.startsWith("--headless")) : []),
      `--host-resolver-rules=MAP * 127.0.0.1:${web.port}`,
      "--ignore-certificate-errors",
      "--no-sandbox",
    ];
    const collect = async (site) => {
      await exec(
        process.execPath,
        [
          join(wec, "bin/website-evidence-collector.js"),
          site.url,
          "--sleep",
          String(OBSERVE_MS),
          "--max",
          "0",
          "--headless",
          "--quiet",
          "--overwrite",
          // No screenshots and no PDF: the scanner makes neither (WEC still writes its JSON, YAML, HTML, DOCX and HAR).
          "--no-screenshots",
          "--no-pdf",
          "--output",
          join(out, site.id),
          // Browser flags follow `--` (WEC's --browser-options cannot take a value that starts with dashes).
          "--",
          ...browserFlags,
        ],
        {
          env: {
            ...process.env,
            PUPPETEER_EXECUTABLE_PATH: source.path,
            PUBLIC_SCAN_BENCH_FIXTURE_PORT: String(web.port),
            NODE_EXTRA_CA_CERTS: caFile,
            NODE_OPTIONS: `--import=${pathToFileURL(routing).href}`,
          },
          timeout: 120_000,
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    };
    log(`${sites.length} fixture-web sites, ${OBSERVE_MS} ms after load, pre-consent only; sites per minute:`);
    for (const concurrency of LEVELS) {
      const wecSeconds = await timed(sites, concurrency, collect);
      const scanner = createPuppeteerScanner({ ...fixtureWebReach(web), observeMs: OBSERVE_MS, concurrency });
      // The scanner's browser starts once and serves every scan: its launch is timed with the first level's scans.
      const ourSeconds = await timed(sites, concurrency, (site) => scanner.scan({ url: site.url }));
      await scanner.close();
      const wecRate = (sites.length / wecSeconds) * 60;
      const ourRate = (sites.length / ourSeconds) * 60;
      log(
        `  ${concurrency} at a time: website-evidence-collector ${wecRate.toFixed(1)} (baseline), ` +
          `public-scan ${ourRate.toFixed(1)} (${(ourRate / wecRate).toFixed(2)}x)`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    await web.close();
  }
}
