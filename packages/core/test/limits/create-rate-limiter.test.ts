import { describe, expect, it } from "vitest";
import { ErrorEnvelopeSchema, type ReadWeight } from "../../src/contract/index.js";
import { ServiceError } from "../../src/errors/service-error.js";
import { toErrorEnvelope } from "../../src/errors/to-error-envelope.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import { type CounterStore } from "../../src/ports/counter-store.js";

const LIGHT: ReadWeight = { policy: "resource", units: 1 };
const HEAVY: ReadWeight = { policy: "resource", units: 4 };
const STATUS: ReadWeight = { policy: "status", units: 1 };
const MINUTE = 60_000;
/** 2026-08-15T10:00:00Z; the next UTC midnight is 14 hours later. */
const T0 = Date.UTC(2026, 7, 15, 10);
const NEXT_MIDNIGHT = Date.UTC(2026, 7, 16);

function setup() {
  const clock = { now: T0 };
  const store = createMemoryCounterStore();
  const limiter = createRateLimiter({ store, now: () => clock.now });
  return { clock, store, limiter };
}

/** The ServiceError a refused check throws. */
async function refusal(pending: Promise<unknown>): Promise<ServiceError> {
  const error = await pending.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function repeat(times: number, run: (index: number) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < times; index += 1) await run(index);
}

describe("rate limiter: weighted reads", () => {
  it("allows 30 heavy reads per caller and resource in 10 minutes, then refuses with the details", async () => {
    const { limiter } = setup();
    await repeat(30, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    const error = await refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    expect(error).toMatchObject({ code: "rate_limited", status: 429, retryable: true, retryAfterSeconds: 600 });
    expect(error.rateLimit).toEqual({
      policyVersion: "2026-08-14",
      profile: "weighted_read",
      scope: "caller_resource",
      window: "PT10M",
      limit: 120,
      usage: 120,
      requestedUnits: 4,
      resetAt: new Date(T0 + 10 * MINUTE).toISOString(),
    });
    const envelope = toErrorEnvelope(error);
    expect(ErrorEnvelopeSchema.parse(envelope).error.retryAfterSeconds).toBe(600);
  });

  it("allows 120 ordinary reads where it allows 30 heavy ones, and reports what is left", async () => {
    const { limiter } = setup();
    const first = await limiter.checkRead({ caller: "c1", resource: "scan-1", weight: LIGHT });
    expect(first.counters[0]).toEqual({
      profile: "weighted_read",
      scope: "caller_resource",
      window: "PT10M",
      limit: 120,
      usage: 1,
      remaining: 119,
    });
    await repeat(119, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: LIGHT }));
    expect((await refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: LIGHT }))).rateLimit).toMatchObject({
      usage: 120,
      requestedUnits: 1,
    });
    // The same caller on another resource, and another caller on this one, are still served.
    await expect(limiter.checkRead({ caller: "c1", resource: "scan-2", weight: HEAVY })).resolves.toBeDefined();
    await expect(limiter.checkRead({ caller: "c2", resource: "scan-1", weight: HEAVY })).resolves.toBeDefined();
  });

  it("waits only until enough units slide out of the window", async () => {
    const { clock, limiter } = setup();
    await repeat(20, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    clock.now = T0 + 4 * MINUTE;
    await repeat(10, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    clock.now = T0 + 7 * MINUTE;
    const error = await refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    // The 20 reads of T0 leave at T0 + 10 min: 3 minutes from now.
    expect(error.retryAfterSeconds).toBe(180);
    expect(error.rateLimit?.resetAt).toBe(new Date(T0 + 10 * MINUTE).toISOString());
    clock.now = T0 + 10 * MINUTE;
    await expect(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY })).resolves.toBeDefined();
  });

  it("caps a caller and resource at 1200 units (300 heavy reads) in 24 hours", async () => {
    const { clock, limiter } = setup();
    await repeat(10, async (window) => {
      clock.now = T0 + window * 10 * MINUTE;
      await repeat(30, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    });
    clock.now = T0 + 100 * MINUTE;
    const error = await refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    expect(error.rateLimit).toMatchObject({ scope: "caller_resource", window: "PT24H", limit: 1200, usage: 1200 });
    // A rolling 24 hours counts in buckets of 72 minutes (a twentieth) from 00:00 UTC: the reads of T0
    // (10:00) count until the end of their bucket (10:48) plus 24 hours, 48 minutes past the exact window.
    expect(error.rateLimit?.resetAt).toBe(new Date(T0 + (24 * 60 + 48) * MINUTE).toISOString());
    expect(error.retryAfterSeconds).toBe((24 * 60 + 48 - 100) * 60);
  });

  it("caps a caller across resources at 480 units in 10 minutes", async () => {
    const { limiter } = setup();
    await repeat(4, (resource) => repeat(30, () => limiter.checkRead({ caller: "c1", resource: `scan-${resource}`, weight: HEAVY })));
    const error = await refusal(limiter.checkRead({ caller: "c1", resource: "scan-9", weight: LIGHT }));
    expect(error.rateLimit).toMatchObject({ profile: "weighted_read", scope: "caller", window: "PT10M", limit: 480, usage: 480 });
  });

  it("caps a resource across callers at 4000 units in 10 minutes", async () => {
    const { limiter } = setup();
    await repeat(33, (caller) => repeat(30, () => limiter.checkRead({ caller: `c${caller}`, resource: "scan-1", weight: HEAVY })));
    await repeat(10, () => limiter.checkRead({ caller: "late", resource: "scan-1", weight: HEAVY }));
    const error = await refusal(limiter.checkRead({ caller: "late", resource: "scan-1", weight: LIGHT }));
    expect(error.rateLimit).toMatchObject({ scope: "resource", window: "PT10M", limit: 4000, usage: 4000, requestedUnits: 1 });
  });

  it("keeps keyed callers out of the resource-wide counter: a crowd of addresses cannot lock a scan for its readers with keys", async () => {
    const { limiter } = setup();
    await repeat(34, (caller) =>
      repeat(30, () => limiter.checkRead({ caller: `ip:${caller}`, resource: "scan-1", weight: HEAVY }).catch(() => undefined)),
    );
    const crowded = await refusal(limiter.checkRead({ caller: "ip:late", resource: "scan-1", weight: LIGHT }));
    expect(crowded.rateLimit).toMatchObject({ scope: "resource" });
    // A keyed caller still reads, within its own per-caller limits.
    await expect(
      limiter.checkRead({ caller: "key:key_1", resource: "scan-1", weight: HEAVY, outsideResourceRule: true }),
    ).resolves.toBeDefined();
    await repeat(29, () => limiter.checkRead({ caller: "key:key_1", resource: "scan-1", weight: HEAVY, outsideResourceRule: true }));
    const own = await refusal(limiter.checkRead({ caller: "key:key_1", resource: "scan-1", weight: HEAVY, outsideResourceRule: true }));
    expect(own.rateLimit).toMatchObject({ scope: "caller_resource" });
  });

  it("refuses a read that exceeds one counter without charging the others", async () => {
    const { limiter } = setup();
    await repeat(30, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY }));
    await repeat(5, () => refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: HEAVY })));
    // Had the refusals charged the caller counter, 480 - 120 = 360 units would not be left.
    await repeat(90, (index) => limiter.checkRead({ caller: "c1", resource: `other-${index % 3}`, weight: HEAVY }));
    expect((await refusal(limiter.checkRead({ caller: "c1", resource: "other-4", weight: LIGHT }))).rateLimit?.scope).toBe("caller");
  });
});

describe("rate limiter: status polling", () => {
  it("allows 120 polls per caller and scan, 600 per caller, separately from resource reads", async () => {
    const { limiter } = setup();
    await repeat(120, () => limiter.checkRead({ caller: "c1", resource: "scan-1", weight: STATUS }));
    const error = await refusal(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: STATUS }));
    expect(error.rateLimit).toMatchObject({ profile: "status_poll", scope: "caller_resource", window: "PT10M", limit: 120, usage: 120 });
    await expect(limiter.checkRead({ caller: "c1", resource: "scan-1", weight: LIGHT })).resolves.toBeDefined();
    await repeat(4, (scan) => repeat(120, () => limiter.checkRead({ caller: "c1", resource: `scan-${scan + 2}`, weight: STATUS })));
    expect((await refusal(limiter.checkRead({ caller: "c1", resource: "scan-9", weight: STATUS }))).rateLimit).toMatchObject({
      scope: "caller",
      limit: 600,
    });
  });

  it("caps a scan at 10000 polls across callers", async () => {
    const { limiter } = setup();
    await repeat(10_000 / 100, (caller) =>
      repeat(100, () => limiter.checkRead({ caller: `c${caller}`, resource: "scan-1", weight: STATUS })),
    );
    expect((await refusal(limiter.checkRead({ caller: "new", resource: "scan-1", weight: STATUS }))).rateLimit).toMatchObject({
      scope: "resource",
      limit: 10_000,
    });
  });
});

describe("rate limiter: scan quotas", () => {
  it("gives an IP 20 anonymous new scans per UTC day, with the remaining count and the next midnight", async () => {
    const { clock, limiter } = setup();
    const first = await limiter.checkAnonymousScan({ ip: "203.0.113.7" });
    expect(first.quota).toEqual({ limit: 20, remaining: 19, resetAt: new Date(NEXT_MIDNIGHT).toISOString() });
    await repeat(19, () => limiter.checkAnonymousScan({ ip: "203.0.113.7" }));
    expect(await limiter.peekAnonymousScan({ ip: "203.0.113.7" })).toMatchObject({ remaining: 0 });
    const error = await refusal(limiter.checkAnonymousScan({ ip: "203.0.113.7" }));
    expect(error.rateLimit).toEqual({
      policyVersion: "2026-08-14",
      profile: "anonymous_scan",
      scope: "ip",
      window: "utc_day",
      limit: 20,
      usage: 20,
      requestedUnits: 1,
      resetAt: new Date(NEXT_MIDNIGHT).toISOString(),
    });
    expect(error.retryAfterSeconds).toBe(14 * 3600);
    expect((await limiter.checkAnonymousScan({ ip: "203.0.113.8" })).quota.remaining).toBe(19);
    clock.now = NEXT_MIDNIGHT;
    expect((await limiter.checkAnonymousScan({ ip: "203.0.113.7" })).quota.remaining).toBe(19);
  });

  it("peeks at the anonymous quota without using it", async () => {
    const { limiter } = setup();
    await limiter.checkAnonymousScan({ ip: "203.0.113.7" });
    expect(await limiter.peekAnonymousScan({ ip: "203.0.113.7" })).toEqual({
      limit: 20,
      remaining: 19,
      resetAt: new Date(NEXT_MIDNIGHT).toISOString(),
    });
    expect(await limiter.peekAnonymousScan({ ip: "203.0.113.7" })).toMatchObject({ remaining: 19 });
  });

  it("shares 50 Light scans a day across the whole Light surface", async () => {
    const { clock, limiter } = setup();
    await repeat(50, (index) => limiter.checkLightScan({ ip: `198.51.100.${index}` }));
    const error = await refusal(limiter.checkLightScan({ ip: "198.51.100.200" }));
    expect(error.rateLimit).toMatchObject({ profile: "light_mcp_scan", scope: "light_surface", window: "utc_day", limit: 50, usage: 50 });
    clock.now = NEXT_MIDNIGHT;
    expect((await limiter.checkLightScan({ ip: "198.51.100.200" })).quota).toEqual({
      limit: 50,
      remaining: 49,
      resetAt: new Date(NEXT_MIDNIGHT + 86_400_000).toISOString(),
    });
  });

  it("limits one IP to 5 Light scans per rolling 10 minutes, without spending the surface's day on refusals", async () => {
    const { clock, limiter } = setup();
    await repeat(5, () => limiter.checkLightScan({ ip: "198.51.100.1" }));
    const error = await refusal(limiter.checkLightScan({ ip: "198.51.100.1" }));
    expect(error.rateLimit).toMatchObject({ scope: "ip", window: "PT10M", limit: 5, usage: 5 });
    expect(error.retryAfterSeconds).toBe(600);
    clock.now = T0 + 10 * MINUTE;
    const later = await limiter.checkLightScan({ ip: "198.51.100.1" });
    expect(later.quota.remaining).toBe(44);
  });

  it("peeks at the Light surface's day without using it, and reports none left once an address is over its 10 minutes", async () => {
    const { limiter } = setup();
    await limiter.checkLightScan({ ip: "198.51.100.1" });
    expect(await limiter.peekLightScan({ ip: "198.51.100.2" })).toEqual({
      limit: 50,
      remaining: 49,
      resetAt: new Date(NEXT_MIDNIGHT).toISOString(),
    });
    expect(await limiter.peekLightScan({ ip: "198.51.100.2" })).toMatchObject({ remaining: 49 });
    await repeat(4, () => limiter.checkLightScan({ ip: "198.51.100.1" }));
    expect(await limiter.peekLightScan({ ip: "198.51.100.1" })).toMatchObject({ remaining: 45 });
  });
});

describe("rate limiter: self-serve keys", () => {
  it("allows 60 requests per rolling minute", async () => {
    const { clock, limiter } = setup();
    await repeat(60, () => limiter.checkKeyRequest({ keyId: "key-1", scanRead: false }));
    const error = await refusal(limiter.checkKeyRequest({ keyId: "key-1", scanRead: false }));
    expect(error.rateLimit).toMatchObject({ profile: "api_key", scope: "key", window: "PT1M", limit: 60, usage: 60 });
    expect(error.retryAfterSeconds).toBe(60);
    clock.now = T0 + MINUTE;
    await expect(limiter.checkKeyRequest({ keyId: "key-1", scanRead: false })).resolves.toBeDefined();
  });

  it("allows 500 scan reads per UTC day, and a request refused for that does not count as a request", async () => {
    const { clock, limiter } = setup();
    await repeat(500, (index) => {
      clock.now = T0 + Math.floor(index / 50) * MINUTE;
      return limiter.checkKeyRequest({ keyId: "key-1", scanRead: true });
    });
    clock.now = T0 + 20 * MINUTE;
    const error = await refusal(limiter.checkKeyRequest({ keyId: "key-1", scanRead: true }));
    expect(error.rateLimit).toMatchObject({ scope: "key", window: "utc_day", limit: 500, usage: 500 });
    const grant = await limiter.checkKeyRequest({ keyId: "key-1", scanRead: false });
    expect(grant.counters).toEqual([{ profile: "api_key", scope: "key", window: "PT1M", limit: 60, usage: 1, remaining: 59 }]);
  });

  it("charges a key's read to its daily scan-read cap in the same step as the weighted limits", async () => {
    const { limiter } = setup();
    const grant = await limiter.checkRead({ caller: "acct", resource: "scan-1", weight: HEAVY, keyId: "key-1" });
    expect(grant.counters.map((counter) => [counter.profile, counter.scope, counter.window, counter.usage])).toEqual([
      ["weighted_read", "caller_resource", "PT10M", 4],
      ["weighted_read", "caller_resource", "PT24H", 4],
      ["weighted_read", "resource", "PT10M", 4],
      ["weighted_read", "caller", "PT10M", 4],
      ["api_key", "key", "utc_day", 1],
    ]);
    // 500 scan reads a day: the 501st read is refused, and the refusal leaves the weighted counters untouched.
    await repeat(499, (index) =>
      limiter.checkRead({ caller: `acct-${index}`, resource: `scan-${index + 2}`, weight: LIGHT, keyId: "key-1" }),
    );
    const error = await refusal(limiter.checkRead({ caller: "acct", resource: "scan-9999", weight: LIGHT, keyId: "key-1" }));
    expect(error.rateLimit).toMatchObject({ profile: "api_key", window: "utc_day", limit: 500 });
    const after = await limiter.checkRead({ caller: "acct", resource: "scan-9999", weight: LIGHT });
    expect(after.counters.find((counter) => counter.scope === "caller")?.usage).toBe(4 + 1);
  });

  it("charges the per-minute cap once per request, at its entry, not again with the read", async () => {
    const { limiter } = setup();
    await limiter.checkKeyRequest({ keyId: "key-1", scanRead: false });
    await limiter.checkRead({ caller: "acct", resource: "scan-1", weight: LIGHT, keyId: "key-1" });
    const grant = await limiter.checkKeyRequest({ keyId: "key-1", scanRead: false });
    expect(grant.counters).toEqual([{ profile: "api_key", scope: "key", window: "PT1M", limit: 60, usage: 2, remaining: 58 }]);
  });
});

describe("rate limiter: privacy", () => {
  const RAW = ["svc_ro_SECRETKEY0123456789", "203.0.113.77", "2001:db8::1", "caller@example.org", "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10"];

  function recording(): { store: CounterStore; keys: string[] } {
    const inner = createMemoryCounterStore();
    const keys: string[] = [];
    return {
      keys,
      store: {
        capabilities: inner.capabilities,
        close: () => inner.close(),
        consume: (input) => {
          keys.push(...input.checks.map((check) => check.key));
          return inner.consume(input);
        },
      },
    };
  }

  it("never puts a raw API key, IP, caller or resource identifier into a counter key or a message", async () => {
    const { store, keys } = recording();
    const limiter = createRateLimiter({ store, now: () => T0, identifierSecret: "test-secret" });
    const [key, ip, ipv6, caller, resource] = RAW as [string, string, string, string, string];
    await limiter.checkRead({ caller, resource, weight: HEAVY, keyId: key });
    await limiter.checkRead({ caller: key, resource, weight: STATUS });
    await limiter.checkAnonymousScan({ ip });
    await limiter.checkLightScan({ ip: ipv6 });
    await limiter.checkKeyRequest({ keyId: key, scanRead: true });
    await repeat(20, () => limiter.checkAnonymousScan({ ip }).catch(() => undefined));
    const error = await refusal(limiter.checkAnonymousScan({ ip }));
    expect(keys.length).toBeGreaterThan(10);
    const haystack = [...keys, error.message, JSON.stringify(error.rateLimit)].join("\n").toLowerCase();
    for (const raw of RAW) expect(haystack).not.toContain(raw.toLowerCase());
    for (const counterKey of keys) expect(counterKey).toMatch(/^[a-z_]+:[a-z_]+:(PT\w+|utc_day)(:[0-9a-f]{32})*$/);
  });

  it("derives different keys for different secrets, so a leaked store cannot be joined without the secret", async () => {
    const first = recording();
    const second = recording();
    await createRateLimiter({ store: first.store, now: () => T0, identifierSecret: "a" }).checkAnonymousScan({ ip: "203.0.113.77" });
    await createRateLimiter({ store: second.store, now: () => T0, identifierSecret: "b" }).checkAnonymousScan({ ip: "203.0.113.77" });
    expect(first.keys[0]).not.toBe(second.keys[0]);
  });
});
