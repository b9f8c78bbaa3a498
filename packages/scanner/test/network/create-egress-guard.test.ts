import { describe, expect, it } from "vitest";
import { type EgressGuardOptions, createEgressGuard, parseResolveRules } from "../../src/network/index.js";
import { createFakeLookup } from "./support/fake-lookup.js";

/** Names and what the fake resolver answers. Nothing here is ever connected to. */
const DNS = {
  "www.public.test": ["93.184.216.34", "2606:2800:220:1::1"],
  "intranet.corp.test": ["10.1.2.3"],
  "dev.fixture.test": ["127.0.0.1"],
  "rebind.evil.test": ["93.184.216.34", "127.0.0.1"],
  "rebind-v6.evil.test": ["93.184.216.34", "::ffff:10.0.0.1"],
  "imds.evil.test": ["169.254.169.254"],
  "garbage.test": ["not-an-address"],
  "empty.test": [],
  localhost: ["127.0.0.1", "::1"],
};

function guardWith(options: Omit<EgressGuardOptions, "lookup"> = {}) {
  const lookup = createFakeLookup(DNS);
  return { guard: createEgressGuard({ ...options, lookup }), lookup };
}

describe("createEgressGuard", () => {
  it("allows a name with only public addresses and pins the first one with the requested port", async () => {
    const { guard } = guardWith();
    await expect(guard.check({ host: "WWW.Public.Test.", port: 443 })).resolves.toEqual({
      allowed: true,
      address: "93.184.216.34",
      family: 4,
      port: 443,
    });
  });

  it("allows a public IP literal without a lookup", async () => {
    const { guard, lookup } = guardWith();
    await expect(guard.check({ host: "8.8.8.8", port: 80 })).resolves.toMatchObject({ allowed: true, address: "8.8.8.8" });
    await expect(guard.check({ host: "[2606:4700::1111]", port: 80 })).resolves.toMatchObject({ allowed: true, family: 6 });
    expect(lookup.calls).toEqual([]);
  });

  it("refuses a name that resolves to a private address", async () => {
    const { guard } = guardWith();
    await expect(guard.check({ host: "intranet.corp.test", port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
    await expect(guard.check({ host: "localhost", port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
  });

  it("allows a private address when a pattern names the host, exactly or by wildcard", async () => {
    await expect(
      guardWith({ allowPrivateTargets: ["intranet.corp.test"] }).guard.check({ host: "intranet.corp.test", port: 80 }),
    ).resolves.toMatchObject({
      allowed: true,
      address: "10.1.2.3",
    });
    await expect(
      guardWith({ allowPrivateTargets: ["*.corp.test"] }).guard.check({ host: "intranet.corp.test", port: 80 }),
    ).resolves.toMatchObject({
      allowed: true,
    });
    await expect(guardWith({ allowPrivateTargets: ["*"] }).guard.check({ host: "dev.fixture.test", port: 80 })).resolves.toMatchObject({
      allowed: true,
      address: "127.0.0.1",
    });
    await expect(
      guardWith({ allowPrivateTargets: ["*.other.test"] }).guard.check({ host: "intranet.corp.test", port: 80 }),
    ).resolves.toEqual({
      allowed: false,
      reason: "private_address",
    });
  });

  it("refuses a private IP literal under * but allows it when named exactly", async () => {
    await expect(guardWith({ allowPrivateTargets: ["*"] }).guard.check({ host: "127.0.0.1", port: 80 })).resolves.toEqual({
      allowed: false,
      reason: "ip_literal_private",
    });
    await expect(guardWith({ allowPrivateTargets: ["127.0.0.1"] }).guard.check({ host: "127.0.0.1", port: 80 })).resolves.toEqual({
      allowed: true,
      address: "127.0.0.1",
      family: 4,
      port: 80,
    });
    await expect(guardWith({ allowPrivateTargets: ["[::1]"] }).guard.check({ host: "::1", port: 80 })).resolves.toMatchObject({
      allowed: true,
      address: "::1",
    });
  });

  it.each([
    "2130706433",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "127.1",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "::ffff:7f00:1",
    "[::127.0.0.1]",
    "[64:ff9b::7f00:1]",
  ])("refuses the loopback literal spelled %s under *", async (host) => {
    await expect(guardWith({ allowPrivateTargets: ["*"] }).guard.check({ host, port: 80 })).resolves.toEqual({
      allowed: false,
      reason: "ip_literal_private",
    });
  });

  it("treats the odd spellings of 127.0.0.1 as that address when it is named exactly", async () => {
    await expect(guardWith({ allowPrivateTargets: ["127.0.0.1"] }).guard.check({ host: "0x7f.1", port: 80 })).resolves.toMatchObject({
      allowed: true,
      address: "127.0.0.1",
    });
  });

  it.each([
    "metadata.google.internal",
    "METADATA.google.internal.",
    "metadata.goog",
    "metadata",
    "instance-data",
    "instance-data.us-west-2.compute.internal",
  ])("refuses the metadata name %s under * without looking it up", async (host) => {
    const { guard, lookup } = guardWith({ allowPrivateTargets: ["*"] });
    await expect(guard.check({ host, port: 80 })).resolves.toEqual({ allowed: false, reason: "metadata_host" });
    expect(lookup.calls).toEqual([]);
  });

  it("lets a metadata name through only when named exactly (then its address is checked too)", async () => {
    const lookup = createFakeLookup({ "metadata.google.internal": ["169.254.169.254"] });
    const exact = createEgressGuard({ allowPrivateTargets: ["metadata.google.internal"], lookup });
    await expect(exact.check({ host: "metadata.google.internal", port: 80 })).resolves.toMatchObject({
      allowed: true,
      address: "169.254.169.254",
    });
    const wildcard = createEgressGuard({ allowPrivateTargets: ["*.google.internal"], lookup });
    await expect(wildcard.check({ host: "metadata.google.internal", port: 80 })).resolves.toEqual({
      allowed: false,
      reason: "metadata_host",
    });
  });

  it("refuses a metadata address reached by an ordinary name unless that name is named exactly", async () => {
    await expect(guardWith({ allowPrivateTargets: ["*"] }).guard.check({ host: "imds.evil.test", port: 80 })).resolves.toEqual({
      allowed: false,
      reason: "metadata_address",
    });
    await expect(guardWith({ allowPrivateTargets: ["*.evil.test"] }).guard.check({ host: "imds.evil.test", port: 80 })).resolves.toEqual({
      allowed: false,
      reason: "metadata_address",
    });
    await expect(
      guardWith({ allowPrivateTargets: ["imds.evil.test"] }).guard.check({ host: "imds.evil.test", port: 80 }),
    ).resolves.toMatchObject({
      allowed: true,
    });
  });

  it.each(["169.254.169.254", "2852039166", "0xa9fea9fe", "[::ffff:a9fe:a9fe]", "[fd00:ec2::254]", "100.100.100.200"])(
    "refuses the metadata literal %s under *",
    async (host) => {
      await expect(guardWith({ allowPrivateTargets: ["*"] }).guard.check({ host, port: 80 })).resolves.toEqual({
        allowed: false,
        reason: "metadata_address",
      });
    },
  );

  it("refuses a name answering [public, private] (DNS rebinding), whatever the order", async () => {
    const { guard } = guardWith();
    await expect(guard.check({ host: "rebind.evil.test", port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
    await expect(guard.check({ host: "rebind-v6.evil.test", port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
  });

  it("asks the resolver once per check: the pinned address is what was checked", async () => {
    let answer = ["93.184.216.34"];
    let calls = 0;
    const guard = createEgressGuard({
      lookup: (_host) => {
        calls += 1;
        const current = answer;
        answer = ["127.0.0.1"]; // a rebinding resolver: the next answer differs
        return Promise.resolve(current.map((address) => ({ address, family: 4 as const })));
      },
    });
    await expect(guard.check({ host: "flip.evil.test", port: 80 })).resolves.toMatchObject({ allowed: true, address: "93.184.216.34" });
    expect(calls).toBe(1);
    await expect(guard.check({ host: "flip.evil.test", port: 80 })).resolves.toEqual({ allowed: false, reason: "private_address" });
  });

  describe("resolve rules", () => {
    const rule = parseResolveRules(["*.fixture.test=127.0.0.1:47080"]);

    it("refuses a rule to 127.0.0.1 when allowPrivateTargets does not allow the host", async () => {
      const { guard, lookup } = guardWith({ resolve: rule });
      await expect(guard.check({ host: "www.fixture.test", port: 443 })).resolves.toEqual({ allowed: false, reason: "private_address" });
      expect(lookup.calls).toEqual([]);
    });

    it("allows it, with the rule's port, when the host matches a pattern", async () => {
      const { guard } = guardWith({ resolve: rule, allowPrivateTargets: ["*.fixture.test"] });
      await expect(guard.check({ host: "www.fixture.test", port: 443 })).resolves.toEqual({
        allowed: true,
        address: "127.0.0.1",
        family: 4,
        port: 47080,
      });
    });

    it("keeps the requested port when the rule has none, and uses the rule's address over DNS", async () => {
      const { guard, lookup } = guardWith({
        resolve: parseResolveRules(["www.public.test=[::1]"]),
        allowPrivateTargets: ["www.public.test"],
      });
      await expect(guard.check({ host: "www.public.test", port: 8443 })).resolves.toEqual({
        allowed: true,
        address: "::1",
        family: 6,
        port: 8443,
      });
      expect(lookup.calls).toEqual([]);
    });

    it("needs the exact literal when * maps an IP-literal host to a private address", async () => {
      const resolve = parseResolveRules(["*=127.0.0.1:47080"]);
      await expect(guardWith({ resolve, allowPrivateTargets: ["*"] }).guard.check({ host: "8.8.8.8", port: 80 })).resolves.toEqual({
        allowed: false,
        reason: "private_address",
      });
      await expect(
        guardWith({ resolve, allowPrivateTargets: ["8.8.8.8"] }).guard.check({ host: "8.8.8.8", port: 80 }),
      ).resolves.toMatchObject({
        allowed: true,
        port: 47080,
      });
    });

    it("still refuses a rule to a metadata address under a wildcard", async () => {
      const resolve = parseResolveRules(["*.fixture.test=169.254.169.254"]);
      await expect(
        guardWith({ resolve, allowPrivateTargets: ["*.fixture.test"] }).guard.check({ host: "a.fixture.test", port: 80 }),
      ).resolves.toEqual({
        allowed: false,
        reason: "metadata_address",
      });
    });
  });

  it("refuses hosts it cannot parse and ports out of range", async () => {
    const { guard, lookup } = guardWith({ allowPrivateTargets: ["*"] });
    for (const host of ["", "evil.test@127.0.0.1", "www.public.test:80", "www.public.test/x", "a b", "[fe80::1%25eth0]"]) {
      await expect(guard.check({ host, port: 80 })).resolves.toEqual({ allowed: false, reason: "invalid_host" });
    }
    for (const port of [-1, 65_536, 1.5, Number.NaN]) {
      await expect(guard.check({ host: "www.public.test", port })).resolves.toEqual({ allowed: false, reason: "invalid_port" });
    }
    expect(lookup.calls).toEqual([]);
  });

  it("refuses names that do not resolve, resolve to nothing, or to something that is not an address", async () => {
    const { guard } = guardWith({ allowPrivateTargets: ["*"] });
    for (const host of ["nowhere.test", "empty.test", "garbage.test"]) {
      await expect(guard.check({ host, port: 80 })).resolves.toEqual({ allowed: false, reason: "unresolvable" });
    }
  });

  it("fails at creation on a malformed allowPrivateTargets pattern", () => {
    expect(() => createEgressGuard({ allowPrivateTargets: ["*.fixture.test", "bad pattern"] })).toThrowError(
      /Invalid host pattern "bad pattern"/,
    );
  });
});
