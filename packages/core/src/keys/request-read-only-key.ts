import { createHash, createHmac } from "node:crypto";
import { ReadOnlyKeyRequestSchema, type IssuedApiKey } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { toInvalidRequest } from "../errors/to-invalid-request.js";
import type { CounterStore } from "../ports/counter-store.js";
import type { AuditEvent, AuditLog } from "../ports/audit-log.js";
import type { Clock } from "../ports/clock.js";
import type { KeyStore } from "../ports/key-store.js";
import type { SessionResolver } from "../ports/session-resolver.js";
import { isDisposableEmail } from "./is-disposable-email.js";
import { issueApiKey } from "./issue-api-key.js";
import { networkOf } from "../limits/to-requester-id.js";

/**
 * Self-serve issuance caps ("not shown" in the contract; docs/api.md): per verified email and per requester
 * network (/24, /64), each per UTC day. They stop one account or one network from minting keys in bulk.
 */
export const KEY_ISSUANCE_CAPS = { perEmailPerDay: 3, perNetworkPerDay: 10 } as const;

/**
 * Denials audited one by one per requester network and hour; past it a single `denials_suppressed` event
 * stands for the rest of that hour. Anyone can send denied requests, and each one used to write an audit row
 * kept 400 days (about 14 GB a day from one client at the rate measured).
 */
export const AUDITED_DENIALS_PER_NETWORK_HOUR = 20;

export interface RequestReadOnlyKeyDeps {
  keys: KeyStore;
  clock: Clock;
  supportEmail: string;
  sessions: SessionResolver;
  audit: AuditLog;
  counters: CounterStore;
  isDisposable?: (email: string) => boolean;
  /**
   * Keys the hashes of emails and networks in audit events and counter keys (HMAC-SHA-256): the deployment's
   * identifier secret, as the rate limits use. Without it they are plain SHA-256, which a list of emails or
   * every /24 reverses: set it in production.
   */
  identifierSecret?: string;
}

export interface KeyRequestInput {
  /** The parsed JSON body; ignored when `bodyError` says it could not be read. */
  body: unknown;
  /** Why the body could not be read (malformed JSON, too large): refused, and audited like any denial. */
  bodyError?: ServiceError;
  cookieHeader: string | undefined;
  ip: string;
  /** The browser said the request came from another site (`Sec-Fetch-Site`, `Origin`). */
  crossSite?: boolean;
}

/** The audit's and the caps' hash of an identifier: keyed when the deployment has a secret. */
const hashWith = (secret: string | undefined) => (value: string) =>
  (secret === undefined ? createHash("sha256") : createHmac("sha256", secret)).update(value, "utf8").digest("hex");

/**
 * POST /api/v2/keys/request: a signed-in dashboard user with a verified, non-disposable email gets a
 * self-serve read-only key (201), within the issuance caps. Every issuance is audited, and so is every denial
 * up to `AUDITED_DENIALS_PER_NETWORK_HOUR` per network (then one event for the rest of the hour), with keyed
 * hashes instead of the email and network.
 */
export async function requestReadOnlyKey(
  deps: RequestReadOnlyKeyDeps,
  input: KeyRequestInput,
): Promise<{ status: 201; body: IssuedApiKey }> {
  const at = new Date(deps.clock.now()).toISOString();
  const hash = hashWith(deps.identifierSecret);
  const networkHash = hash(networkOf(input.ip));
  const audit = (event: Omit<AuditEvent, "at" | "networkHash">) => deps.audit.append({ ...event, at, networkHash });
  /** Audits a denial within the network's hourly budget, or once for all the denials past it. */
  const auditDenial = async (event: { reason: string; subjectHash: string | null }) => {
    const hour = { kind: "rolling" as const, ms: 3600_000 };
    const budget = { key: `key_request_denials:network:${networkHash}`, limit: AUDITED_DENIALS_PER_NETWORK_HOUR, window: hour, units: 1 };
    if ((await deps.counters.consume({ checks: [budget], now: deps.clock.now() })).allowed) {
      return audit({ action: "key_request_denied", outcome: "denied", keyId: null, ...event });
    }
    const summary = { key: `key_request_denials_summary:network:${networkHash}`, limit: 1, window: hour, units: 1 };
    if ((await deps.counters.consume({ checks: [summary], now: deps.clock.now() })).allowed) {
      await audit({ action: "key_request_denied", outcome: "denied", reason: "denials_suppressed", keyId: null, subjectHash: null });
    }
  };
  /** Audits a denial decided before the session is read, and returns the error to throw. */
  const denied = async (reason: string, error: ServiceError): Promise<ServiceError> => {
    await auditDenial({ reason, subjectHash: null });
    return error;
  };

  // Refused before the session is read: a page elsewhere must not spend a signed-in user's allowance (CSRF).
  if (input.crossSite === true) {
    throw await denied(
      "cross_site",
      new ServiceError("forbidden", "Request keys from the dashboard of this service; cross-site requests are refused."),
    );
  }
  if (input.bodyError !== undefined) throw await denied("invalid_request", input.bodyError);
  const body = ReadOnlyKeyRequestSchema.safeParse(input.body ?? {});
  if (!body.success) throw await denied("invalid_request", toInvalidRequest(body.error, "body"));
  const session = await deps.sessions.resolve({ cookieHeader: input.cookieHeader });
  if (session === null) {
    await auditDenial({ reason: "sign_in_required", subjectHash: null });
    throw new ServiceError("unauthorized", "Sign in to the dashboard to request a key.");
  }
  const subjectHash = hash(session.email.trim().toLowerCase());
  const disposable = (deps.isDisposable ?? isDisposableEmail)(session.email);
  if (!session.emailVerified || disposable) {
    const reason = session.emailVerified ? "disposable_email" : "email_not_verified";
    await auditDenial({ reason, subjectHash });
    throw new ServiceError("forbidden", "A verified, non-disposable email address is required to request a key.");
  }

  const checks = [
    { key: `key_issuance:email:${subjectHash}`, limit: KEY_ISSUANCE_CAPS.perEmailPerDay, window: { kind: "utc_day" as const }, units: 1 },
    {
      key: `key_issuance:network:${networkHash}`,
      limit: KEY_ISSUANCE_CAPS.perNetworkPerDay,
      window: { kind: "utc_day" as const },
      units: 1,
    },
  ];
  const consumed = await deps.counters.consume({ checks, now: deps.clock.now() });
  if (!consumed.allowed) {
    const check = checks[consumed.failed]!;
    await auditDenial({ reason: "issuance_cap", subjectHash });
    throw new ServiceError("rate_limited", "The daily key issuance cap is reached; try again tomorrow (UTC).", {
      retryAfterSeconds: Math.ceil(consumed.retryAfterMs / 1000),
      rateLimit: {
        policyVersion: "key-issuance-1",
        profile: "key_issuance",
        scope: consumed.failed === 0 ? "email" : "network",
        window: "utc_day",
        limit: check.limit,
        usage: consumed.usage,
        requestedUnits: 1,
        resetAt: new Date(deps.clock.now() + consumed.retryAfterMs).toISOString(),
      },
    });
  }
  // The key belongs to the session's account, when the host has accounts, so the dashboard can list and revoke it.
  const { record, resource } = await issueApiKey(deps, {
    kind: "self_serve",
    ownerId: session.accountId ?? null,
    ...(body.data.name ? { name: body.data.name } : {}),
  });
  await audit({ action: "key_issued", outcome: "allowed", reason: null, keyId: record.keyId, subjectHash });
  return { status: 201, body: resource };
}
