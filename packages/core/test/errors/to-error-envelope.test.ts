import { describe, expect, it } from "vitest";
import { DISCLAIMER, ERROR_CODES, ErrorEnvelopeSchema } from "../../src/contract/index.js";
import { ServiceError } from "../../src/errors/service-error.js";
import { REDACTED_INTERNAL_MESSAGE, toErrorEnvelope, toHttpStatus } from "../../src/errors/to-error-envelope.js";

/** The contract's error table, written out again here so a change to the code's table must be deliberate. */
const CONTRACT_TABLE = [
  ["invalid_request", 400, false],
  ["unauthorized", 401, false],
  ["forbidden", 403, false],
  ["not_found", 404, false],
  ["rate_limited", 429, true],
  ["internal_error", 500, true],
] as const;

describe("ServiceError and the error envelope", () => {
  it("knows exactly the contract's six codes", () => {
    expect([...ERROR_CODES].sort()).toEqual(CONTRACT_TABLE.map(([code]) => code).sort());
  });

  it.each(CONTRACT_TABLE)("maps %s to HTTP %i, retryable %s", (code, status, retryable) => {
    const error = new ServiceError(code, "message for the caller");
    const envelope = toErrorEnvelope(error);
    expect(toHttpStatus(error)).toBe(status);
    expect(envelope.error).toMatchObject({ code, retryable, message: "message for the caller" });
    expect(envelope.error.retryAfterSeconds === null).toBe(!retryable);
    expect(envelope.disclaimer).toBe(DISCLAIMER);
    expect(ErrorEnvelopeSchema.parse(envelope)).toEqual(envelope);
  });

  it("uses the contract's observed waits: 60 s for rate_limited, 30 s for internal_error", () => {
    expect(toErrorEnvelope(new ServiceError("rate_limited", "slow down")).error.retryAfterSeconds).toBe(60);
    expect(toErrorEnvelope(new ServiceError("internal_error", "later")).error.retryAfterSeconds).toBe(30);
  });

  it("rounds a precise wait up to whole seconds and never reports one for a non-retryable error", () => {
    expect(new ServiceError("rate_limited", "x", { retryAfterSeconds: 12.2 }).retryAfterSeconds).toBe(13);
    expect(new ServiceError("invalid_request", "x", { retryAfterSeconds: 12 }).retryAfterSeconds).toBeNull();
  });

  it("carries machine-readable rate-limit details", () => {
    const rateLimit = {
      policyVersion: "2026-08-14",
      profile: "weighted_read",
      scope: "caller_resource",
      window: "PT10M",
      limit: 120,
      usage: 120,
      requestedUnits: 4,
      resetAt: null,
    };
    const envelope = toErrorEnvelope(new ServiceError("rate_limited", "limit reached", { rateLimit, retryAfterSeconds: 42 }));
    expect(envelope.error.rateLimit).toEqual(rateLimit);
    expect(envelope.error.retryAfterSeconds).toBe(42);
    expect(ErrorEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it.each([
    ["an Error with a stack and a path", new Error("ENOENT: open '/var/lib/public-scan/secret.sqlite'")],
    ["a string", "SELECT * FROM keys WHERE hash = 'abc'"],
    ["an object", { password: "hunter2" }],
    ["undefined", undefined],
  ])("redacts %s into internal_error", (_what, thrown) => {
    const envelope = toErrorEnvelope(thrown);
    const serialised = JSON.stringify(envelope);
    expect(envelope.error.code).toBe("internal_error");
    expect(envelope.error.message).toBe(REDACTED_INTERNAL_MESSAGE);
    expect(toHttpStatus(thrown)).toBe(500);
    for (const secret of ["ENOENT", "secret.sqlite", "SELECT", "hunter2", "\n    at "]) expect(serialised).not.toContain(secret);
  });

  it("adds the docs link only when the host has one", () => {
    expect(toErrorEnvelope(new ServiceError("not_found", "no such scan")).links).toBeUndefined();
    expect(
      toErrorEnvelope(new ServiceError("not_found", "no such scan"), { docsUrl: "https://scan.example.org/docs/errors" }).links,
    ).toEqual({
      docs: "https://scan.example.org/docs/errors",
    });
  });
});
