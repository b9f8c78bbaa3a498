import { normalizeEmail, type AccountRecord } from "@public-scan/core";

/**
 * A valid AccountRecord for the conformance suite: an unverified, enabled account whose email (already
 * normalized) is derived from the accountId; `overrides` replace any field.
 */
export function createTestAccountRecord(overrides: Partial<AccountRecord> & { accountId: string }): AccountRecord {
  return {
    email: normalizeEmail(`${overrides.accountId}@example.test`),
    // Shaped like a real KDF hash: `$` and base64 must come back unchanged.
    passwordHash: "scrypt$N=16384,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo+/=",
    emailVerifiedAt: null,
    scopes: ["scan:read", "mcp"],
    createdAt: "2026-11-23T10:00:00.000Z",
    disabledAt: null,
    ...overrides,
  };
}
