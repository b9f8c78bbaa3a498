import { describe, expect, it } from "vitest";
import { createPuppeteerScanner } from "../../src/create-puppeteer-scanner.js";
import { createTargetPolicy } from "../../src/network/index.js";
import { createFakeLookup } from "./support/fake-lookup.js";

const lookup = createFakeLookup({
  "www.example.com": ["93.184.215.14"],
  "intranet.example.com": ["10.1.2.3"],
  "rebind.example.com": ["93.184.215.14", "127.0.0.1"],
});

describe("createTargetPolicy (the API's up-front check)", () => {
  const policy = createTargetPolicy({ lookup });

  it("allows public hosts, and names that do not resolve (the scan reports those)", async () => {
    expect(await policy.check({ host: "www.example.com", port: 443 })).toEqual({ allowed: true });
    expect(await policy.check({ host: "no-such-host.example.com", port: 443 })).toEqual({ allowed: true });
  });

  it("refuses private, loopback, metadata and rebinding targets, in every spelling", async () => {
    const refused = async (host: string) => policy.check({ host, port: 80 });
    expect(await refused("intranet.example.com")).toEqual({ allowed: false, reason: "private_address" });
    expect(await refused("rebind.example.com")).toEqual({ allowed: false, reason: "private_address" });
    expect(await refused("127.0.0.1")).toMatchObject({ allowed: false, reason: "ip_literal_private" });
    expect(await refused("0x7f.1")).toMatchObject({ allowed: false });
    expect(await refused("2130706433")).toMatchObject({ allowed: false });
    expect(await refused("::ffff:127.0.0.1")).toMatchObject({ allowed: false });
    expect(await refused("169.254.169.254")).toMatchObject({ allowed: false, reason: "metadata_address" });
    expect(await refused("metadata.google.internal")).toEqual({ allowed: false, reason: "metadata_host" });
  });

  it("lets a target through when its lookup hangs, instead of holding the request", async () => {
    const hanging = createTargetPolicy({ lookup: () => new Promise(() => undefined), timeoutMs: 50 });
    expect(await hanging.check({ host: "slow.example.com", port: 443 })).toEqual({ allowed: true });
  });

  it("honours the operator's resolve rules and allowPrivateTargets", async () => {
    const staging = createTargetPolicy({ lookup, resolve: ["www.example.com=10.0.0.5"], allowPrivateTargets: ["www.example.com"] });
    expect(await staging.check({ host: "www.example.com", port: 443 })).toEqual({ allowed: true });
    expect(await staging.check({ host: "intranet.example.com", port: 443 })).toEqual({ allowed: false, reason: "private_address" });
  });
});

describe("PuppeteerScanner.targets (the scanner's own rules, handed to the service)", () => {
  it("refuses and allows what the scanner's resolve rules and allowPrivateTargets say, without starting a browser", async () => {
    // Creating a scanner is cheap: no browser is launched until the first scan.
    const scanner = createPuppeteerScanner({
      resolve: ["staging.example=10.0.0.5", "intranet.example=10.0.0.6", "*.example=93.184.216.34"],
      allowPrivateTargets: ["staging.example"],
    });
    expect(await scanner.targets.check({ host: "staging.example", port: 443 })).toEqual({ allowed: true });
    expect(await scanner.targets.check({ host: "www.public.example", port: 443 })).toEqual({ allowed: true });
    expect(await scanner.targets.check({ host: "intranet.example", port: 443 })).toEqual({ allowed: false, reason: "private_address" });
    expect(await scanner.targets.check({ host: "127.0.0.1", port: 80 })).toMatchObject({ allowed: false });
    expect(scanner.stats().launches).toBe(0);
    await scanner.close();
  });
});
