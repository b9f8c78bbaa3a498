import { DISCLAIMER, grantedScopes, SCOPES, type AuthCheck, type Scope } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../ports/clock.js";
import type { KeyStore } from "../ports/key-store.js";
import { hashApiKeyToken, hashesEqual } from "./api-key-token.js";

export interface Credential {
  keyId: string;
  scopes: Scope[];
  selfServe: boolean;
  expiresAt: string;
}

/** Tokens longer than this are refused before hashing: no work for absurd input. */
const MAX_TOKEN_LENGTH = 256;

/**
 * Reads an `Authorization` header. No header: null (the anonymous path, where a route allows it). A header
 * that is not a valid, unexpired, unrevoked bearer key, an empty one included (a client that sends the
 * header means to authenticate): `unauthorized`, with one message for every case so the answer does not
 * tell which keys exist.
 */
export async function authenticate(deps: { keys: KeyStore; clock: Clock }, authorization: string | undefined): Promise<Credential | null> {
  if (authorization === undefined) return null;
  const invalid = () => new ServiceError("unauthorized", "The credential is missing, malformed, expired or revoked.");
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  const token = match?.[1];
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) throw invalid();
  const hash = hashApiKeyToken(token);
  const record = await deps.keys.findByHash(hash);
  if (record === null || !hashesEqual(record.hash, hash)) throw invalid();
  if (record.revokedAt !== null || Date.parse(record.expiresAt) <= deps.clock.now()) throw invalid();
  return { keyId: record.keyId, scopes: [...record.scopes], selfServe: record.kind === "self_serve", expiresAt: record.expiresAt };
}

/** `forbidden` unless the credential's scopes grant every required one (contract: 401 vs 403; `grantedScopes`). */
export function requireScopes(credential: Credential, required: readonly Scope[]): void {
  const granted = grantedScopes(credential.scopes);
  const missing = required.filter((scope) => !granted.includes(scope));
  if (missing.length > 0) throw new ServiceError("forbidden", `This key lacks the scope ${missing.join(", ")}.`);
}

/** GET /api/v2/auth/check: side-effect free; 401 without a valid credential, 403 with no service scope. */
export async function checkCredential(deps: { keys: KeyStore; clock: Clock }, authorization: string | undefined): Promise<AuthCheck> {
  const credential = await authenticate(deps, authorization);
  if (credential === null) throw new ServiceError("unauthorized", "Send an API key as `Authorization: Bearer <key>`.");
  if (!credential.scopes.some((scope) => (SCOPES as readonly string[]).includes(scope)))
    throw new ServiceError("forbidden", "This key holds no scope of this service.");
  return {
    type: "service_auth_check",
    authenticated: true,
    scopes: credential.scopes,
    expiresAt: credential.expiresAt,
    disclaimer: DISCLAIMER,
  };
}
