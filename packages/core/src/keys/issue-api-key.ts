import {
  DISCLAIMER,
  READ_ONLY_KEY_PREFIX,
  SELF_SERVE_KEY_LIMITS,
  SELF_SERVE_SCOPES,
  type IssuedApiKey,
  type Scope,
} from "../contract/index.js";
import type { Clock } from "../ports/clock.js";
import type { KeyStore } from "../ports/key-store.js";
import type { ApiKeyRecord } from "../domain/api-key-record.js";
import { generateApiKeyToken, hashApiKeyToken, tokenPrefixOf } from "./api-key-token.js";

/** Prefix of support-issued keys, which may carry `scan:create`. */
export const SUPPORT_KEY_PREFIX = "svc_" as const;

export interface IssueApiKeyInput {
  kind: "self_serve" | "support";
  name?: string;
  /** Support keys only; self-serve keys always get the contract's `scan:read` and `mcp`. */
  scopes?: readonly Scope[];
  /** Days until expiry; self-serve keys always expire after 90. */
  validDays?: number;
  /** The account the key is issued to, which may list and revoke it; none (null) for an operator's support key. */
  ownerId?: string | null;
}

/**
 * Issues a key: a random token shown once, of which only the SHA-256 hash and the leading part are kept.
 * Self-serve keys are `svc_ro_...` with scan:read and mcp, valid 90 days (contract); support keys are
 * issued by an operator with the scopes given.
 */
export async function issueApiKey(
  deps: { keys: KeyStore; clock: Clock; supportEmail: string },
  input: IssueApiKeyInput,
): Promise<{ record: ApiKeyRecord; resource: IssuedApiKey }> {
  const selfServe = input.kind === "self_serve";
  const prefix = selfServe ? READ_ONLY_KEY_PREFIX : SUPPORT_KEY_PREFIX;
  const scopes: Scope[] = selfServe ? [...SELF_SERVE_SCOPES] : [...new Set(input.scopes ?? [])];
  if (scopes.length === 0) throw new Error("a support key needs at least one scope");
  const validDays = selfServe ? SELF_SERVE_KEY_LIMITS.validDays : (input.validDays ?? SELF_SERVE_KEY_LIMITS.validDays);
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const token = generateApiKeyToken(prefix);
    const record: ApiKeyRecord = {
      keyId: `key_${hashApiKeyToken(`id:${token}`).slice(0, 24)}`,
      hash: hashApiKeyToken(token),
      tokenPrefix: tokenPrefixOf(token, prefix),
      name: input.name ?? null,
      scopes,
      kind: input.kind,
      ownerId: input.ownerId ?? null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + validDays * 86_400_000).toISOString(),
      revokedAt: null,
    };
    if (!(await deps.keys.create(record))) continue;
    return {
      record,
      resource: {
        type: "service_api_key",
        key: token,
        tokenPrefix: record.tokenPrefix,
        scopes,
        expiresAt: record.expiresAt,
        rateLimits: { requestsPerMinute: SELF_SERVE_KEY_LIMITS.requestsPerMinute, scanReadsPerDay: SELF_SERVE_KEY_LIMITS.scanReadsPerDay },
        usageGuidance: { scanCreateRequiresSupport: !scopes.includes("scan:create"), scanCreateRequestEmail: deps.supportEmail },
        disclaimer: DISCLAIMER,
      },
    };
  }
  throw new Error("could not store a new key");
}
