import { type Server, createServer, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgressGuard, createGuardedLookup } from "../../src/network/index.js";
import { createFakeLookup } from "./support/fake-lookup.js";
import { closeServer, listenOnLoopback } from "./support/loopback.js";

const lookup = createFakeLookup({
  "local.fixture.test": ["127.0.0.1"],
  "www.public.test": ["93.184.216.34"],
  "v6.public.test": ["2606:2800:220:1::1"],
});

describe("createGuardedLookup", () => {
  let server: Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end("hello from loopback"));
    server.on("connection", () => (connections += 1));
    port = await listenOnLoopback(server);
  });
  afterAll(() => closeServer(server));

  function fetchText(guarded: ReturnType<typeof createGuardedLookup>): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = get({ host: "local.fixture.test", port, path: "/", lookup: guarded, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve(body));
      });
      request.on("error", reject);
    });
  }

  it("lets http.get reach an allowed host at the pinned address", async () => {
    const guarded = createGuardedLookup(createEgressGuard({ lookup, allowPrivateTargets: ["*.fixture.test"] }));
    await expect(fetchText(guarded)).resolves.toBe("hello from loopback");
  });

  it("fails http.get with EGRESS_REFUSED before any connection when the policy refuses", async () => {
    const before = connections;
    const guarded = createGuardedLookup(createEgressGuard({ lookup }));
    await expect(fetchText(guarded)).rejects.toMatchObject({
      code: "EGRESS_REFUSED",
      reason: "private_address",
      hostname: "local.fixture.test",
    });
    expect(connections).toBe(before);
  });

  it("answers every dns.lookup call shape", async () => {
    const guarded = createGuardedLookup(createEgressGuard({ lookup }));
    const one = await new Promise((resolve) => guarded("www.public.test", (error, address, family) => resolve({ error, address, family })));
    expect(one).toEqual({ error: null, address: "93.184.216.34", family: 4 });
    const all = await new Promise((resolve) =>
      guarded("www.public.test", { all: true }, (error, addresses) => resolve({ error, addresses })),
    );
    expect(all).toEqual({ error: null, addresses: [{ address: "93.184.216.34", family: 4 }] });
    const byFamily = await new Promise((resolve) => guarded("www.public.test", 4, (error, address) => resolve({ error, address })));
    expect(byFamily).toEqual({ error: null, address: "93.184.216.34" });
  });

  it("reports no address rather than one of the wrong family", async () => {
    const guarded = createGuardedLookup(createEgressGuard({ lookup }));
    const error = await new Promise((resolve) => guarded("v6.public.test", { family: 4 }, (failure) => resolve(failure)));
    expect(error).toMatchObject({ code: "ENOTFOUND" });
    const ok = await new Promise((resolve) => guarded("v6.public.test", { family: "IPv6" }, (_failure, address) => resolve(address)));
    expect(ok).toBe("2606:2800:220:1::1");
  });

  it("passes a refusal's reason and never the resolver's answer", async () => {
    const guarded = createGuardedLookup(createEgressGuard({ lookup, allowPrivateTargets: ["*"] }));
    const result = await new Promise<{ error: unknown; address: unknown }>((resolve) =>
      guarded("metadata.google.internal", {}, (error, address) => resolve({ error, address })),
    );
    expect(result.error).toMatchObject({ code: "EGRESS_REFUSED", reason: "metadata_host" });
    expect(result.address).toBe("");
  });
});
