// Cold starts of the Lambda deployment's functions, from their rolldown bundles, each in a fresh Node process as
// Lambda starts one: the time from the start of the script to the handler's first answer (import of the
// bundle, the service's composition at the first event, one request), against the same measure for a bare
// handler (an ESM module answering the same event with a constant). The API answers GET /api/v2/health,
// which reads the scan table; the worker takes one SQS message for a scan that does not exist, so it builds
// its service but never unpacks or launches Chromium ("init before Chromium extraction"). DynamoDB is dynalite,
// in this process; SQS is never called. Medians of ROUNDS alternating rounds. With PUBLIC_SCAN_BENCH_BASE_BUNDLES
// (a folder holding another build's api/ and worker/), those bundles are measured in the same rounds. On Linux
// x64 the worker's Chromium start is measured apart: unpacking and launching it, as its first scan does.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createDynamoTables } from "@public-scan/storage/dynamodb";
import dynalite from "dynalite";
import { bundleFunction } from "../scripts/bundle.ts";

const ROUNDS = 9;
const exec = promisify(execFile);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// The child measures from its first line: Node's own start is the same for every case and is reported apart.
const CHILD = `
const startedAt = performance.now();
const { handler } = await import(process.env.BENCH_MODULE);
const importedAt = performance.now();
const context = { getRemainingTimeInMillis: () => 60000, awsRequestId: "bench" };
const result = await handler(JSON.parse(process.env.BENCH_EVENT), context);
const answeredAt = performance.now();
if (process.env.BENCH_EXPECT && !JSON.stringify(result).includes(process.env.BENCH_EXPECT)) throw new Error("unexpected answer: " + JSON.stringify(result).slice(0, 300));
process.stdout.write(JSON.stringify({ importMs: importedAt - startedAt, firstAnswerMs: answeredAt - startedAt }));
`;

// The worker's first scan also unpacks the Chromium that @sparticuz/chromium ships (brotli archives, into the
// temporary directory, which is empty at a cold start: a fresh TMPDIR here) and launches it: measured from the
// worker bundle's own copy of the package, with the scanner's puppeteer-core, to a blank page.
const CHROMIUM_CHILD = `
const startedAt = performance.now();
const { default: chromium } = await import(process.env.BENCH_CHROMIUM);
const executablePath = await chromium.executablePath();
const unpackedAt = performance.now();
const puppeteer = await import(process.env.BENCH_PUPPETEER);
const browser = await puppeteer.launch({ executablePath, args: chromium.args, headless: "shell" });
const page = await browser.newPage();
await page.goto("about:blank");
const launchedAt = performance.now();
await browser.close();
process.stdout.write(JSON.stringify({ unpackMs: unpackedAt - startedAt, readyMs: launchedAt - startedAt }));
`;

const healthEvent = {
  version: "2.0",
  routeKey: "$default",
  rawPath: "/api/v2/health",
  rawQueryString: "",
  headers: { host: "abcdefghijklmnop.lambda-url.eu-west-1.on.aws", accept: "application/json" },
  requestContext: {
    accountId: "anonymous",
    apiId: "abcdefghijklmnop",
    domainName: "abcdefghijklmnop.lambda-url.eu-west-1.on.aws",
    domainPrefix: "abcdefghijklmnop",
    http: { method: "GET", path: "/api/v2/health", protocol: "HTTP/1.1", sourceIp: "203.0.113.9", userAgent: "bench" },
    requestId: "bench",
    routeKey: "$default",
    stage: "$default",
    time: new Date().toUTCString(),
    timeEpoch: Date.now(),
  },
  isBase64Encoded: false,
};
const sqsEvent = {
  Records: [
    {
      messageId: "bench",
      receiptHandle: "bench",
      body: JSON.stringify({ scanId: "00000000-0000-4000-8000-0000000000be" }),
      attributes: { ApproximateReceiveCount: "1", SentTimestamp: "0", SenderId: "bench", ApproximateFirstReceiveTimestamp: "0" },
      messageAttributes: {},
      md5OfBody: "",
      eventSource: "aws:sqs",
      eventSourceARN: "arn:aws:sqs:eu-west-1:123456789012:public-scan-scans",
      awsRegion: "eu-west-1",
    },
  ],
};

export async function run({ log }) {
  const out = mkdtempSync(join(tmpdir(), "public-scan-cold-init-"));
  const server = dynalite({ createTableMs: 0 });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${server.address().port}`;
  const admin = new DynamoDBClient({ endpoint, region: "local", credentials: { accessKeyId: "bench", secretAccessKey: "bench" } });
  try {
    const tables = { scans: "bench-scans", keys: "bench-keys", counters: "bench-counters" };
    await createDynamoTables({ client: admin, tables, timeToLive: false });
    const api = await bundleFunction("api", out);
    const worker = await bundleFunction("worker", out);
    const bare = join(out, "bare.mjs");
    writeFileSync(bare, 'export const handler = async () => ({ statusCode: 200, body: "{\\"status\\":\\"ok\\"}" });\n');
    const env = {
      PATH: process.env.PATH ?? "",
      PUBLIC_SCAN_SCANS_TABLE: tables.scans,
      PUBLIC_SCAN_KEYS_TABLE: tables.keys,
      PUBLIC_SCAN_COUNTERS_TABLE: tables.counters,
      PUBLIC_SCAN_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/123456789012/public-scan-scans",
      PUBLIC_SCAN_BASE_URL: "https://scan.example.org",
      PUBLIC_SCAN_IDENTIFIER_SECRET: "a-benchmark-secret-of-at-least-32-characters",
      AWS_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: "bench",
      AWS_SECRET_ACCESS_KEY: "bench",
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      AWS_LAMBDA_FUNCTION_NAME: "bench",
    };
    // Another build's bundles (e.g. `node scripts/bundle.ts api worker` in a work tree of the base commit),
    // measured in the same alternating rounds: a change's effect, free of the machine's drift between runs.
    const base = process.env.PUBLIC_SCAN_BENCH_BASE_BUNDLES;
    const cases = [
      { name: "bare handler, constant answer (baseline)", module: bare, event: healthEvent, expect: "200" },
      { name: "API bundle, GET /api/v2/health", module: join(api.dir, "index.mjs"), event: healthEvent, expect: "service_health" },
      {
        name: "worker bundle, one message, no Chromium",
        module: join(worker.dir, "index.mjs"),
        event: sqsEvent,
        expect: "batchItemFailures",
      },
      ...(base === undefined || base === ""
        ? []
        : [
            { name: `base API bundle (${base})`, module: join(base, "api/index.mjs"), event: healthEvent, expect: "service_health" },
            { name: `base worker bundle (${base})`, module: join(base, "worker/index.mjs"), event: sqsEvent, expect: "batchItemFailures" },
          ]),
    ];
    const samples = new Map(cases.map((item) => [item.name, { importMs: [], firstAnswerMs: [], processMs: [] }]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const item of round % 2 === 0 ? cases : [...cases].reverse()) {
        const startedAt = performance.now();
        const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", CHILD], {
          env: {
            ...env,
            BENCH_MODULE: pathToFileURL(item.module).href,
            BENCH_EVENT: JSON.stringify(item.event),
            BENCH_EXPECT: item.expect,
          },
          timeout: 60_000,
        });
        const sample = samples.get(item.name);
        const measured = JSON.parse(stdout);
        sample.importMs.push(measured.importMs);
        sample.firstAnswerMs.push(measured.firstAnswerMs);
        sample.processMs.push(performance.now() - startedAt);
      }
    }
    if (process.platform === "linux" && process.arch === "x64") {
      const chromiumEntry = createRequire(join(worker.dir, "index.mjs")).resolve("@sparticuz/chromium");
      const scannerRequire = createRequire(new URL("../../../packages/scanner/package.json", import.meta.url));
      const unpack = [];
      const ready = [];
      for (let round = 0; round < 3; round += 1) {
        const tmp = mkdtempSync(join(tmpdir(), "public-scan-cold-chromium-"));
        try {
          const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", CHROMIUM_CHILD], {
            env: {
              PATH: process.env.PATH ?? "",
              TMPDIR: tmp,
              BENCH_CHROMIUM: pathToFileURL(chromiumEntry).href,
              BENCH_PUPPETEER: pathToFileURL(scannerRequire.resolve("puppeteer-core")).href,
            },
            timeout: 120_000,
          });
          const measured = JSON.parse(stdout);
          unpack.push(measured.unpackMs);
          ready.push(measured.readyMs);
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
      }
      log(
        `worker's Chromium, cold (empty temporary directory), median of 3: unpacked ${median(unpack).toFixed(0)} ms, ` +
          `launched with a blank page ${median(ready).toFixed(0)} ms after the script started (on top of the worker's first answer)`,
      );
    }
    log(
      `bundles: API ${(api.bundle / 1e6).toFixed(1)} MB, worker ${(worker.bundle / 1e6).toFixed(1)} MB; ${ROUNDS} alternating rounds, medians:`,
    );
    // The ratio is on the whole process (Node's start included), which a bare handler also pays.
    const baseline = median(samples.get(cases[0].name).processMs);
    for (const item of cases) {
      const sample = samples.get(item.name);
      const whole = median(sample.processMs);
      log(
        `${item.name}: import ${median(sample.importMs).toFixed(0)} ms, first answer ${median(sample.firstAnswerMs).toFixed(0)} ms ` +
          `after the script started; whole process ${whole.toFixed(0)} ms (${(whole / baseline).toFixed(1)}x the baseline)`,
      );
    }
  } finally {
    admin.destroy();
    await new Promise((resolve) => server.close(resolve));
    rmSync(out, { recursive: true, force: true });
  }
}
