// `tools/call service_get_scan` over /mcp against `GET /api/v2/scans/{scanId}` (the baseline), one server
// process, one key (scopes scan:read and mcp), one completed scan, measured in the same run: latency of one
// call at a time from one client (plain fetch, and the MCP SDK's Client connected once and reused), then
// throughput under load (autocannon, keep-alive), in alternating rounds so drift hits every case alike.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import autocannon from "autocannon";

const SEQUENTIAL_ROUNDS = 5;
const CALLS_PER_ROUND = 200;
const LOAD_ROUNDS = 5;
const SECONDS = 3;
const CONNECTIONS = 16;

function startServer() {
  const child = spawn(process.execPath, [new URL("./mcp-bench-server.mjs", import.meta.url).pathname], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve({ child, ...JSON.parse(line) }));
  });
}

/** The requests of each case as plain HTTP: what autocannon sends and what the fetch cases send. */
function requestsOf(server) {
  const authorization = `Bearer ${server.token}`;
  const toolCall = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "service_get_scan", arguments: { scanId: server.scanId } },
  });
  // A stateless server needs no initialize first; the headers are those a client sends after one.
  const mcp = (origin) => ({
    url: `${origin}/mcp`,
    method: "POST",
    headers: {
      authorization,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": LATEST_PROTOCOL_VERSION,
    },
    body: toolCall,
  });
  return {
    rest: { url: `${server.url}/api/v2/scans/${server.scanId}`, method: "GET", headers: { authorization } },
    mcpJson: mcp(server.jsonUrl),
    mcpSse: mcp(server.url),
  };
}

/** One call as plain fetch; its body must carry the completed scan, else the case would measure an error. */
async function fetchOnce({ url, method, headers, body }, scanId) {
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  if (response.status !== 200 || !text.includes(scanId) || text.includes('"isError":true')) {
    throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  }
}

async function connectClient(origin, token) {
  const client = new Client({ name: "public-scan-bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", origin), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  // As a client does before calling: listing the tools also turns on the check of each result against its output schema.
  await client.listTools();
  return client;
}

async function callTool(client, scanId) {
  const result = await client.callTool({ name: "service_get_scan", arguments: { scanId } });
  if (result.isError || result.structuredContent?.scanId !== scanId)
    throw new Error(`service_get_scan: ${JSON.stringify(result).slice(0, 200)}`);
}

/** Latencies in ms of `count` calls made one after another. */
async function timeSequential(call, count) {
  const latencies = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await call();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

function load({ url, method, headers, body }) {
  return autocannon({ url, method, headers, body, connections: CONNECTIONS, duration: SECONDS });
}

const percentile = (values, fraction) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))];
const median = (values) => percentile(values, 0.5);

export async function run({ log }) {
  const server = await startServer();
  const requests = requestsOf(server);
  const sdkSse = await connectClient(server.url, server.token);
  const sdkJson = await connectClient(server.jsonUrl, server.token);
  const sequential = [
    ["GET /api/v2/scans/{id}, fetch (baseline)", () => fetchOnce(requests.rest, server.scanId)],
    ["tools/call over /mcp, fetch, JSON response", () => fetchOnce(requests.mcpJson, server.scanId)],
    ["tools/call over /mcp, fetch, SSE response", () => fetchOnce(requests.mcpSse, server.scanId)],
    ["tools/call over /mcp, SDK Client, JSON response", () => callTool(sdkJson, server.scanId)],
    ["tools/call over /mcp, SDK Client, SSE response", () => callTool(sdkSse, server.scanId)],
  ];
  const loaded = [
    ["GET /api/v2/scans/{id} (baseline)", requests.rest],
    ["tools/call over /mcp, JSON response", requests.mcpJson],
    ["tools/call over /mcp, SSE response", requests.mcpSse],
  ];
  const latencies = sequential.map(() => []);
  const runs = loaded.map(() => []);
  try {
    // Warm-up: every path once through the JIT, and a check that every case answers the scan.
    for (const [, call] of sequential) await timeSequential(call, 50);
    for (let round = 0; round < SEQUENTIAL_ROUNDS; round += 1) {
      for (const [index, [, call]] of sequential.entries()) latencies[index].push(...(await timeSequential(call, CALLS_PER_ROUND)));
    }
    for (let round = 0; round < LOAD_ROUNDS; round += 1) {
      for (const [index, [, request]] of loaded.entries()) runs[index].push(await load(request));
    }
  } finally {
    await Promise.all([sdkSse.close(), sdkJson.close()]);
    server.child.stdin.end();
  }

  const baseline = median(latencies[0]);
  log(
    `one call at a time, one client, ${SEQUENTIAL_ROUNDS} alternating rounds of ${CALLS_PER_ROUND} calls per case (median, p99, ratio of medians):`,
  );
  for (const [index, [name]] of sequential.entries()) {
    const p50 = median(latencies[index]);
    log(`  ${p50.toFixed(2)} ms  p99 ${percentile(latencies[index], 0.99).toFixed(2)} ms  ${(p50 / baseline).toFixed(2)}x  ${name}`);
  }
  const summaries = runs.map((rounds) => ({
    rps: median(rounds.map((result) => result.requests.average)),
    p50: median(rounds.map((result) => result.latency.p50)),
    p99: median(rounds.map((result) => result.latency.p99)),
    non2xx: rounds.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  }));
  log(`under load, ${LOAD_ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections (medians; ratio of throughput):`);
  for (const [index, [name]] of loaded.entries()) {
    const { rps, p50, p99, non2xx } = summaries[index];
    log(
      `  ${rps.toFixed(0)} req/s  p50 ${p50} ms  p99 ${p99} ms  ${(rps / summaries[0].rps).toFixed(2)}x  ${name}${non2xx > 0 ? `  (${non2xx} non-2xx or errors)` : ""}`,
    );
  }
}
