import { createSocket, type Socket } from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAsyncLookup } from "../../src/network/create-async-lookup.js";
import { createEgressGuard } from "../../src/network/create-egress-guard.js";
import { createFakeLookup } from "./support/fake-lookup.js";

/** A DNS server on loopback that never answers: what a slow, attacker-controlled name server looks like. */
let silent: Socket;
let port: number;
beforeAll(async () => {
  silent = createSocket("udp4");
  silent.on("message", () => undefined);
  await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
  port = silent.address().port;
});
afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

describe("createAsyncLookup", () => {
  it("gives up on a name server that never answers, with a timeout error instead of waiting forever", async () => {
    const lookup = createAsyncLookup({ timeoutMs: 100, tries: 1, servers: [`127.0.0.1:${port}`] });
    // Twenty slow names at once: c-ares queries are sockets, not libuv pool threads, so none waits for another.
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => lookup(`slow-${index}.attacker.test`)));
    for (const answer of answers) {
      expect(answer.status).toBe("rejected");
      expect((answer as PromiseRejectedResult).reason).toMatchObject({ code: "ETIMEOUT" });
    }
  });
});

describe("the egress guard's names", () => {
  it("treats localhost names as loopback without asking any resolver (RFC 6761)", async () => {
    const lookup = createFakeLookup({ localhost: ["203.0.113.5"], "app.localhost": ["203.0.113.5"] });
    const guard = createEgressGuard({ lookup });
    for (const host of ["localhost", "app.localhost", "LOCALHOST."]) {
      await expect(guard.check({ host, port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
    }
    expect(lookup.calls).toEqual([]);
  });
});
