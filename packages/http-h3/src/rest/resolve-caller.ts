import { authenticate, requireScopes, ServiceError, type Caller, type Credential, type OperationSpec } from "@public-scan/core";
import type { RestAppOptions } from "./rest-app-options.js";

/**
 * Callers the host cannot place (no peer address, e.g. an in-process call that gave none) share one
 * anonymous identity, so they share one anonymous allowance rather than each getting a fresh one.
 */
export const UNKNOWN_CLIENT = "unknown";

/**
 * Who is asking, by the operation's security (core's operation table): a public route needs nothing; a
 * bearer route needs a valid key (401) with the operation's scopes (403); an optional-bearer route serves
 * anonymous callers by address but holds a supplied key to the same rules. Authentication reads only.
 */
export async function resolveCaller(
  options: RestAppOptions,
  input: { operation: Pick<OperationSpec, "security" | "scopes">; authorization: string | undefined; clientAddress: string | null },
): Promise<{ caller: Caller; credential: Credential | null }> {
  const anonymous: Caller = { kind: "anonymous", ip: input.clientAddress ?? UNKNOWN_CLIENT };
  const { security, scopes } = input.operation;
  if (security === "none" || security === "dashboard_session") return { caller: anonymous, credential: null };
  const credential = await authenticate({ keys: options.keys, clock: options.service.clock }, input.authorization);
  if (credential === null) {
    if (security === "bearer_optional") return { caller: anonymous, credential: null };
    throw new ServiceError("unauthorized", "This route needs an API key: send `Authorization: Bearer <key>`.");
  }
  // A self-serve key's 60 requests per minute count every request it authenticates, whatever it ends in.
  if (credential.selfServe) await options.service.limits?.checkKeyRequest({ keyId: credential.keyId, scanRead: false });
  requireScopes(credential, scopes);
  return { caller: { kind: "key", keyId: credential.keyId, selfServe: credential.selfServe }, credential };
}
