// Requests per second and latency of GET /api/v2/scans/{scanId} with a bearer key and the weighted limits,
// on SQLite stores and on Redis stores, against a bare h3 route answering the same body, all measured in the
// same run (autocannon, keep-alive), in alternating rounds.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 16;
const SERVERS = [
  ["bare", "bare h3 route, static body (baseline)"],
  ["sqlite", "GET /api/v2/scans/{id}, bearer key, weighted limits, SQLite stores"],
  ["redis", "GET /api/v2/scans/{id}, bearer key, weighted limits, Redis stores"],
];

function startServers() {
  const child = spawn(process.execPath, [new URL("./rest-bench-server.mjs", import.meta.url).pathname], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code} before it was ready`)));
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
  const results = Object.fromEntries(SERVERS.map(([name]) => [name, []]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name] of SERVERS) results[name].push(await load(servers[name]));
    }
  } finally {
    servers.child.stdin.end();
  }
  const summary = (runs) => ({
    rps: median(runs.map((run) => run.requests.average)),
    p50: median(runs.map((run) => run.latency.p50)),
    p99: median(runs.map((run) => run.latency.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  });
  const bare = summary(results.bare);
  log(`${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections, medians:`);
  for (const [name, title] of SERVERS) {
    const server = summary(results[name]);
    const ratio = `throughput ${(server.rps / bare.rps).toFixed(2)}x, p99 ${(server.p99 / Math.max(bare.p99, 1)).toFixed(2)}x`;
    log(`${title}: ${server.rps.toFixed(0)} req/s, p50 ${server.p50} ms, p99 ${server.p99} ms; ${ratio}; non-2xx/errors ${server.non2xx}`);
  }
}
