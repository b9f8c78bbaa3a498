import { createHash } from "node:crypto";
import type { ApiKeyRecord } from "@public-scan/core";

/** The SHA-256 (hex) of a made-up token, so test records carry hashes shaped like real ones. */
export const testKeyHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A valid ApiKeyRecord for the conformance suite: a self-serve key with its hash derived from the keyId,
 * a null name, no owner and no revocation; `overrides` replace any field.
 */
export function createTestKeyRecord(overrides: Partial<ApiKeyRecord> & { keyId: string }): ApiKeyRecord {
  return {
    hash: testKeyHash(`svc_ro_token_of_${overrides.keyId}`),
    tokenPrefix: "svc_ro_abcdef",
    name: null,
    scopes: ["scan:read", "mcp"],
    kind: "self_serve",
    ownerId: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    expiresAt: "2027-02-21T10:00:00.000Z",
    revokedAt: null,
    ...overrides,
  };
}
