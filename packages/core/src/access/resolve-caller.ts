import type { OperationSecurity, Scope } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { authenticate, requireScopes, type Credential } from "../keys/authenticate.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { Clock } from "../ports/clock.js";
import type { KeyStore } from "../ports/key-store.js";
import type { Caller } from "../use-cases/service-deps.js";

/**
 * Callers the host cannot place (no peer address, e.g. an in-process call that gave none) share one
 * anonymous identity, so they share one anonymous allowance rather than each getting a fresh one.
 */
export const UNKNOWN_CLIENT = "unknown";

export interface ResolveCallerDeps {
  keys: KeyStore;
  clock: Clock;
  /** Counts a self-serve key's requests per minute; hosts without limits leave it out. */
  limits?: RateLimiter | undefined;
}

export interface ResolveCallerInput {
  /** What the operation or tool asks of its caller (core's operation and MCP tool tables). */
  access: { security: OperationSecurity; scopes: readonly Scope[] };
  /** The `Authorization` header as received: undefined when absent. */
  authorization: string | undefined;
  /** The client address (trusted-proxy aware), or null when the host could not tell. */
  clientAddress: string | null;
}

/**
 * Who is asking, the same for every surface (REST, MCP, Lambda): a public route needs nothing; a bearer
 * route needs a valid key (401) with the route's scopes (403); an optional-bearer route serves anonymous
 * callers by address but holds a supplied credential to the same rules. A header that is present is a
 * supplied credential, even when empty. Authentication only reads.
 */
export async function resolveCaller(
  deps: ResolveCallerDeps,
  input: ResolveCallerInput,
): Promise<{ caller: Caller; credential: Credential | null }> {
  const anonymous: Caller = { kind: "anonymous", ip: input.clientAddress ?? UNKNOWN_CLIENT };
  const { security, scopes } = input.access;
  if (security === "none" || security === "dashboard_session") return { caller: anonymous, credential: null };
  const credential = await authenticate(deps, input.authorization);
  if (credential === null) {
    if (security === "bearer_optional") return { caller: anonymous, credential: null };
    throw new ServiceError("unauthorized", "This route needs an API key: send `Authorization: Bearer <key>`.");
  }
  // A self-serve key's 60 requests per minute count every request it authenticates, whatever it ends in.
  if (credential.selfServe) await deps.limits?.checkKeyRequest({ keyId: credential.keyId, scanRead: false });
  requireScopes(credential, scopes);
  return { caller: { kind: "key", keyId: credential.keyId, selfServe: credential.selfServe }, credential };
}
