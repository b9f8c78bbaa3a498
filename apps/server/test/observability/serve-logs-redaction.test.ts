import { createLocalService, type Scanner } from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { createRestApp } from "@public-scan/http-h3";
import { afterEach, describe, expect, it } from "vitest";
import { startServeObservability } from "../../src/observability/start-serve-observability.js";

/** Values the service must never log; each test sends them where a careless log would pick them up. */
const CANARY = {
  cookie: "cookie-canary-7d1e9f",
  query: "query-canary-4b2c8a",
  path: "path-canary-93ad0e",
  apiKey: "svc_ro_ApiKeyCanary0123456789abcdefghij",
  email: "mail-canary@example.org",
  host: "canary-host.example.net",
};

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** The observability of a server whose log lines are captured, on a REST app, with a scanner that fails loudly. */
async function capturedServer() {
  const lines: string[] = [];
  const observability = await startServeObservability({
    config: { logLevel: "trace", metricsPort: null, metricsHost: "127.0.0.1", tracing: "off", serviceName: "public-scan" },
    write: (text) => lines.push(text),
    role: "all",
  });
  closers.push(() => observability.close());
  // A scanner's error quotes what it visited: the URL with its query, a cookie header, a mail address.
  const scanner: Scanner = {
    scan: (input) => {
      input.onProgress?.({ phase: "runtime_observation", progressPercent: 20 });
      return Promise.reject(
        new Error(`net::ERR_FAILED at ${input.url} (cookie: session=${CANARY.cookie}; contact ${CANARY.email}; Bearer ${CANARY.apiKey})`),
      );
    },
    close: () => Promise.resolve(),
  };
  const local = await createLocalService({
    scanner,
    config: { baseUrl: "https://scan.example.org" },
    observer: observability.observer,
    // As the reference server logs a job's error.
    onJobError: (error, scanId) => observability.log(`scan ${scanId} failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  closers.push(local.close);
  const app = createRestApp({
    service: local.deps,
    keys: createMemoryKeyStore(),
    onError: (error, context) => observability.log(`request (${context.requestId} ${context.route}): ${String(error)}`),
  });
  return { lines, app, local, log: observability.log };
}

describe("the reference server's log", () => {
  it("writes JSON lines with level, time, msg, requestId, scanId and phase", async () => {
    const { lines, app, local } = await capturedServer();
    const created = await app.fetch(
      new Request("http://in-process/api/v2/scans", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "https://www.example.com/" }),
      }),
    );
    await local.deps.queue.drain();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.msg === "request")).toMatchObject({
      level: "info",
      role: "all",
      requestId: created.headers.get("x-service-request-id"),
      method: "POST",
      route: "/api/v2/scans",
      status: 202,
    });
    const { scanId } = (await created.json()) as { scanId: string };
    expect(entries.find((entry) => entry.msg === "scan phase ended")).toMatchObject({ level: "debug", scanId, phase: "launching_browser" });
    expect(entries.find((entry) => entry.msg === "scan ended")).toMatchObject({ level: "warn", scanId, outcome: "failed" });
    for (const entry of entries) expect(Date.parse(String(entry.time))).toBeGreaterThan(0);
  });

  it("never carries a cookie value, a full URL, a query string, an API key or an email, whatever a request or a scan holds", async () => {
    const { lines, app, local, log } = await capturedServer();
    const hostile = {
      headers: {
        cookie: `session=${CANARY.cookie}`,
        authorization: `Bearer ${CANARY.apiKey}`,
        "content-type": "application/json",
        "x-request-id": CANARY.query,
      },
    };
    const target = `https://${CANARY.host}/${CANARY.path}?token=${CANARY.query}&email=${encodeURIComponent(CANARY.email)}`;
    const keyed = await app.fetch(
      new Request("http://in-process/api/v2/scans", { method: "POST", ...hostile, body: JSON.stringify({ url: target }) }),
    );
    expect(keyed.status).toBe(401);
    // Anonymous again: the bearer above is refused (401) before a scan is made.
    await app.fetch(
      new Request(`http://in-process/api/v2/scans?${CANARY.query}=1`, {
        method: "POST",
        headers: { cookie: hostile.headers.cookie, "content-type": "application/json" },
        body: JSON.stringify({ url: target }),
      }),
    );
    await app.fetch(new Request(`http://in-process/api/v2/domains/${CANARY.host}/latest?${CANARY.query}`, hostile));
    await app.fetch(new Request(`http://in-process/${CANARY.path}/${encodeURIComponent(CANARY.email)}?q=${CANARY.query}`, hostile));
    await local.deps.queue.drain();
    // Free text from elsewhere (a library's error, a connection string) is redacted too.
    log(`upstream said: ${target} failed for ${CANARY.email} with ${CANARY.apiKey}; cookie: a=${CANARY.cookie}`);

    const output = lines.join("");
    expect(lines.length).toBeGreaterThan(8);
    expect(output).toContain("scan ended");
    expect(output).toContain("[url]");
    for (const value of Object.values(CANARY)) expect(output).not.toContain(value);
    expect(output).not.toContain(encodeURIComponent(CANARY.email));
    expect(output).not.toMatch(/https?:\/\//);
    expect(output).not.toMatch(/\?[^"\s]*=/);
  });
});
