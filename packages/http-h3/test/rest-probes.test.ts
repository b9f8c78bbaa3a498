import type { ComponentStatus, ServiceDeps } from "@public-scan/core";
import { afterEach, describe, expect, it } from "vitest";
import { createProbeApp } from "../src/index.js";
import { createTestRest } from "./support/create-test-rest.js";

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

/** A REST app whose scan store can be made to fail, with a scanner probe the test sets. */
async function start(input: { scanner?: () => Promise<ComponentStatus>; errors?: unknown[] } = {}) {
  const errors = input.errors ?? [];
  const rest = await createTestRest({
    options: {
      ...(input.scanner === undefined ? {} : { probes: { scanner: input.scanner } }),
      onError: (error) => errors.push(error),
    },
  });
  cleanups.push(rest.close);
  return { rest, errors, get: (path: string) => rest.app.fetch(new Request(`https://scan.example.org${path}`)) };
}

/** Makes the scan store's reads fail with a message that names internals, as a driver error would. */
function breakStore(deps: ServiceDeps): void {
  deps.scans.get = () => Promise.reject(new Error("connect ECONNREFUSED 10.1.2.3:6379 (redis://admin:hunter2@cache)"));
}

describe("liveness and readiness", () => {
  it("/livez answers 200 without probing anything; /readyz 200 with every component ok", async () => {
    const { get } = await start({ scanner: () => Promise.resolve("ok") });
    const live = await get("/livez");
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", components: { scanStore: "ok", scanner: "ok" } });
  });

  it("is not ready while the store does not answer, is still live, and names no internals", async () => {
    const errors: unknown[] = [];
    const { rest, get } = await start({ errors });
    breakStore(rest.options.service);
    expect((await get("/livez")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: "not_ready", components: { scanStore: "degraded" } });
    expect(text).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|hunter2|redis/);
    // The cause goes to the host's logs.
    expect(String(errors[0])).toContain("ECONNREFUSED");
  });

  it("is not ready while the browser cannot start, and ready again once it can", async () => {
    let browser: ComponentStatus = "degraded";
    const { get } = await start({ scanner: () => Promise.resolve(browser) });
    expect((await get("/readyz")).status).toBe(503);
    browser = "ok";
    expect((await get("/readyz")).status).toBe(200);
  });

  it("counts a probe that hangs as degraded after its time bound, instead of hanging the probe", async () => {
    const { get } = await start({ scanner: () => new Promise<never>(() => undefined) });
    const started = Date.now();
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ components: { scanner: "degraded" } });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 15_000);

  it("serves the same probes alone, for a process without the API (a scan worker)", async () => {
    const app = createProbeApp({ scans: { get: () => Promise.resolve(null) }, probes: { scanner: () => Promise.resolve("degraded") } });
    expect((await app.fetch(new Request("http://worker/livez"))).status).toBe(200);
    const ready = await app.fetch(new Request("http://worker/readyz"));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "not_ready", components: { scanStore: "ok", scanner: "degraded" } });
  });
});

describe("GET /api/v2/health components", () => {
  it("reports each component checked, degraded ones included, always with 200 and no internals", async () => {
    const { rest, get } = await start({ scanner: () => Promise.resolve("ok") });
    const healthy = await get("/api/v2/health");
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({ status: "ok", components: { scanStore: "ok", scanner: "ok" } });
    breakStore(rest.options.service);
    const degraded = await get("/api/v2/health");
    expect(degraded.status).toBe(200);
    const text = await degraded.text();
    expect(JSON.parse(text)).toMatchObject({ status: "degraded", components: { scanStore: "degraded", scanner: "ok" } });
    expect(text).not.toMatch(/ECONNREFUSED|hunter2/);
  });

  it("leaves out a component this process does not use", async () => {
    const { get } = await start();
    const body = (await (await get("/api/v2/health")).json()) as { components: Record<string, string> };
    expect(body.components).toEqual({ scanStore: "ok" });
  });
});
