// Requests per second and latency of GET /api/v2/scans/{scanId} with a bearer key and the weighted limits,
// against a bare h3 route answering the same body, measured in the same run (autocannon, keep-alive).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 16;

function startServers() {
  const child = spawn(process.execPath, [new URL("./rest-bench-server.mjs", import.meta.url).pathname], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

/** One autocannon run; every request reads another (key, scan) pair so no limit refuses it. */
function load({ url, scanIds, tokens }) {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          const token = tokens === undefined ? undefined : tokens[next % tokens.length];
          return {
            ...request,
            path: `/api/v2/scans/${scanIds[next % scanIds.length]}`,
            headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
          };
        },
      },
    ],
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run({ log }) {
  const servers = await startServers();
  const results = { bare: [], rest: [] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      results.bare.push(await load({ url: servers.bareUrl, scanIds: servers.scanIds }));
      results.rest.push(await load({ url: servers.restUrl, scanIds: servers.scanIds, tokens: servers.tokens }));
    }
  } finally {
    servers.child.stdin.end();
  }
  const summary = (runs) => ({
    rps: median(runs.map((run) => run.requests.average)),
    p50: median(runs.map((run) => run.latency.p50)),
    p99: median(runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  });
  const bare = summary(results.bare);
  const rest = summary(results.rest);
  log(`${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians:`);
  log(`bare h3 route (baseline):      ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);
  log(`GET /api/v2/scans/{id}, bearer: ${rest.rps.toFixed(0)} req/s, p50 ${rest.p50} ms, p99 ${rest.p99} ms`);
  log(
    `ratio: throughput ${(rest.rps / bare.rps).toFixed(2)}x, p99 latency ${(rest.p99 / Math.max(bare.p99, 1)).toFixed(2)}x; non-2xx answers: ${bare.non2xx + rest.non2xx}`,
  );
}
