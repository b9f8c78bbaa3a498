import { describe, expect, it } from "vitest";
import { createEgressGuard } from "../../src/network/index.js";
import { probeHttp } from "../../src/transport/probe-http.js";
import { probeTls } from "../../src/transport/probe-tls.js";

/** A name server that never answers must not hold the probe past its timeout or the scan's abort. */
describe("probes with a lookup that never answers", () => {
  const guard = createEgressGuard({ lookup: () => new Promise(() => undefined) });
  const target = { host: "slow-dns.example.com", port: 443 };

  it("time out by their own timeout", async () => {
    expect(await probeTls({ target, guard, timeoutMs: 100 })).toEqual({ kind: "timed_out" });
    expect(await probeHttp({ target: { ...target, port: 80 }, guard, userAgent: "test", timeoutMs: 100 })).toEqual({ kind: "timed_out" });
  });

  it("stop when the scan is aborted", async () => {
    const controller = new AbortController();
    const probe = probeTls({ target, guard, timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await probe).toEqual({ kind: "timed_out" });
  });
});
