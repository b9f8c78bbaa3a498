import { describe, expect, it } from "vitest";
import { OPERATIONS, WEIGHTED_READ_POLICY_VERSION } from "../../src/contract/index.js";
import { RATE_LIMIT_POLICY, RATE_LIMIT_POLICY_VERSION } from "../../src/limits/rate-limit-policy.js";
import { toWindowLabel } from "../../src/limits/counter-window.js";

/**
 * The contract's "Limits" section, written out again as [scope, window, limit] rows, so a change to the
 * policy table must be deliberate. Scope names and the Light/self-serve readings are documented in
 * rate-limit-policy.ts.
 */
const CONTRACT_LIMITS = {
  weighted_read: [
    ["caller_resource", "PT10M", 120],
    ["caller_resource", "PT24H", 1200],
    ["resource", "PT10M", 4000],
    ["caller", "PT10M", 480],
  ],
  status_poll: [
    ["caller_resource", "PT10M", 120],
    ["resource", "PT10M", 10_000],
    ["caller", "PT10M", 600],
  ],
  anonymous_scan: [["ip", "utc_day", 20]],
  light_mcp_scan: [
    ["light_surface", "utc_day", 50],
    ["ip", "PT10M", 5],
  ],
  api_key: [
    ["key", "PT1M", 60],
    ["key", "utc_day", 500],
  ],
} as const;

describe("rate-limit policy", () => {
  it("is version 2026-08-14, the contract's weighted read policy version", () => {
    expect(RATE_LIMIT_POLICY_VERSION).toBe("2026-08-14");
    expect(RATE_LIMIT_POLICY_VERSION).toBe(WEIGHTED_READ_POLICY_VERSION);
  });

  it("holds exactly the contract's limits", () => {
    const table = Object.fromEntries(
      Object.entries(RATE_LIMIT_POLICY).map(([profile, rules]) => [
        profile,
        rules.map((rule) => [rule.scope, toWindowLabel(rule.window), rule.limit]),
      ]),
    );
    expect(table).toEqual(CONTRACT_LIMITS);
  });

  it("counts reads in read units, new scans one each, and key requests and scan reads one each", () => {
    expect(new Set([...RATE_LIMIT_POLICY.weighted_read, ...RATE_LIMIT_POLICY.status_poll].map((rule) => rule.counts))).toEqual(
      new Set(["read_units"]),
    );
    expect(RATE_LIMIT_POLICY.api_key.map((rule) => rule.counts)).toEqual(["requests", "scan_reads"]);
  });

  it("has a rule set for every read weight the operations use, and weights 1 and 4 only", () => {
    const weights = OPERATIONS.flatMap((operation) => (operation.readWeight === null ? [] : [operation.readWeight]));
    expect(new Set(weights.map((weight) => weight.units))).toEqual(new Set([1, 4]));
    expect(new Set(weights.map((weight) => weight.policy))).toEqual(new Set(["resource", "status"]));
    // The heaviest read fits in every read counter, so no read is refused forever.
    for (const rule of [...RATE_LIMIT_POLICY.weighted_read, ...RATE_LIMIT_POLICY.status_poll]) expect(rule.limit).toBeGreaterThanOrEqual(4);
  });
});
