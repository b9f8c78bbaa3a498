import { createLocalService, HEADERS, type ServiceObserver } from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createRestApp } from "../src/index.js";
import { BASE_URL, createRecordedScanner } from "./support/create-test-rest.js";

type Finished = Parameters<NonNullable<ServiceObserver["requestFinished"]>>[0];

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

/** The REST app with an observer that records every finished request; requests come from `peer`. */
async function observedApp(input: { trustedProxies?: string[] } = {}) {
  const finished: Finished[] = [];
  const local = await createLocalService({
    scanner: createRecordedScanner(),
    config: { baseUrl: BASE_URL },
    observer: { requestFinished: (event) => finished.push(event) },
  });
  closers.push(local.close);
  const app = createRestApp({ service: local.deps, keys: createMemoryKeyStore(), trustedProxies: input.trustedProxies ?? [] });
  const send = (path: string, init: RequestInit & { peer?: string } = {}) => {
    const { peer = "203.0.113.10", ...rest } = init;
    return app.fetch(Object.assign(new Request(`http://in-process${path}`, rest), { ip: peer }));
  };
  return { finished, send };
}

describe("requests, as the REST app reports them to the service observer", () => {
  it("names each request by its route template, never by the path it asked for", async () => {
    const { finished, send } = await observedApp();
    const created = await send("/api/v2/scans?email=alice%40example.com", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://www.daily-courier.test/news?session=CANARY" }),
    });
    const { scanId } = (await created.json()) as { scanId: string };
    await send(`/api/v2/scans/${scanId}/status`);
    await send("/api/v2/domains/daily-courier.test/latest");
    await send(`/reports/${scanId}`);
    await send("/no/such/route/alice@example.com");

    expect(finished.map(({ method, route, status }) => [method, route, status])).toEqual([
      ["POST", "/api/v2/scans", 202],
      ["GET", "/api/v2/scans/{scanId}/status", 200],
      ["GET", "/api/v2/domains/{domain}/latest", 401],
      ["GET", "/reports/{scanId}", 404],
      ["GET", "(unmatched)", 404],
    ]);
    const reported = JSON.stringify(finished);
    for (const value of [scanId, "daily-courier", "CANARY", "alice", "example.com"]) expect(reported).not.toContain(value);
    for (const event of finished) expect(event.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reports the request id the response carries, one per request", async () => {
    const { finished, send } = await observedApp();
    const responses = [await send("/api/v2/health"), await send("/api/v2/nowhere")];
    const ids = responses.map((response) => response.headers.get(HEADERS.requestId));
    expect(finished.map((event) => event.requestId)).toEqual(ids);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes a well-formed X-Request-Id from a trusted proxy, and never from a client", async () => {
    const { finished, send } = await observedApp({ trustedProxies: ["loopback"] });
    const proxied = await send("/api/v2/health", { peer: "127.0.0.1", headers: { "x-request-id": "lb-7f3a9c2e41d0" } });
    const direct = await send("/api/v2/health", { peer: "203.0.113.10", headers: { "x-request-id": "lb-7f3a9c2e41d0" } });
    const forged = await send("/api/v2/health", { peer: "127.0.0.1", headers: { "x-request-id": 'x" level=error msg=forged' } });

    expect(proxied.headers.get(HEADERS.requestId)).toBe("lb-7f3a9c2e41d0");
    expect(direct.headers.get(HEADERS.requestId)).not.toBe("lb-7f3a9c2e41d0");
    expect(forged.headers.get(HEADERS.requestId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(finished.map((event) => event.requestId)).toEqual(
      [proxied, direct, forged].map((response) => response.headers.get(HEADERS.requestId)),
    );
  });

  it("answers the request when the observer throws", async () => {
    const local = await createLocalService({
      scanner: createRecordedScanner(),
      config: { baseUrl: BASE_URL },
      observer: {
        requestFinished: () => {
          throw new Error("metrics down");
        },
      },
    });
    closers.push(local.close);
    const app = createRestApp({ service: local.deps, keys: createMemoryKeyStore() });
    expect((await app.fetch(new Request("http://in-process/api/v2/health"))).status).toBe(200);
  });

  it("passes on a well-formed traceparent from any caller, and drops one that is not", async () => {
    const { finished, send } = await observedApp();
    const valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    for (const traceparent of [
      valid,
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
      "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      valid.toUpperCase(),
      `${valid} level=error msg=forged`,
    ]) {
      await send("/api/v2/health", { headers: { traceparent } });
    }
    await send("/api/v2/health");
    expect(finished.map((event) => event.traceParent)).toEqual([valid, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe("Strict-Transport-Security", () => {
  async function hstsApp(options: { trustedProxies?: string[]; hsts?: false | { maxAgeSeconds: number; includeSubDomains?: boolean } }) {
    const local = await createLocalService({ scanner: createRecordedScanner(), config: { baseUrl: BASE_URL } });
    closers.push(local.close);
    const app = createRestApp({
      service: local.deps,
      keys: createMemoryKeyStore(),
      trustedProxies: options.trustedProxies ?? [],
      ...options,
    });
    return (url: string, init: { peer?: string; headers?: Record<string, string> } = {}) =>
      app.fetch(Object.assign(new Request(url, { headers: init.headers ?? {} }), { ip: init.peer ?? "203.0.113.10" }));
  }

  it("is sent over https, and behind a trusted proxy that says https, on every kind of response", async () => {
    const send = await hstsApp({ trustedProxies: ["loopback"] });
    for (const path of ["/api/v2/health", "/api/v2/scans/not-an-id", "/no/such/route", "/livez"]) {
      expect((await send(`https://scan.example.org${path}`)).headers.get("strict-transport-security"), path).toBe("max-age=31536000");
    }
    const proxied = await send("http://in-process/api/v2/health", { peer: "127.0.0.1", headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("is not sent over plain http, nor when an untrusted peer claims https", async () => {
    const send = await hstsApp({ trustedProxies: ["loopback"] });
    expect((await send("http://in-process/api/v2/health")).headers.get("strict-transport-security")).toBeNull();
    const forged = await send("http://in-process/api/v2/health", { peer: "203.0.113.9", headers: { "x-forwarded-proto": "https" } });
    expect(forged.headers.get("strict-transport-security")).toBeNull();
  });

  it("follows the host's setting: its own max-age and subdomains, or off for a proxy that sets it", async () => {
    const custom = await hstsApp({ hsts: { maxAgeSeconds: 600, includeSubDomains: true } });
    expect((await custom("https://scan.example.org/api/v2/health")).headers.get("strict-transport-security")).toBe(
      "max-age=600; includeSubDomains",
    );
    const off = await hstsApp({ hsts: false });
    expect((await off("https://scan.example.org/api/v2/health")).headers.get("strict-transport-security")).toBeNull();
  });
});
