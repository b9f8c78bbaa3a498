import type { ReadWeight } from "../contract/operations.js";
import { isServiceError } from "../errors/service-error.js";
import type { CounterCheck, CounterStore } from "../ports/counter-store.js";
import { createIdentifierHasher, type IdentifierKind } from "./create-identifier-hasher.js";
import { RATE_LIMIT_POLICY, type RateLimitRule } from "./rate-limit-policy.js";
import type { CounterStatus, DailyQuota, RateLimiter, RateLimitProfile, RateLimitScope } from "../ports/rate-limiter.js";
import { toRateLimitError } from "./to-rate-limit-error.js";
import { notifyObserver } from "../ports/notify-observer.js";
import type { ServiceObserver } from "../ports/service-observer.js";
import { toWindowLabel } from "./counter-window.js";
import { nextUtcMidnight } from "./counter-window.js";

export interface RateLimiterOptions {
  readonly store: CounterStore;
  /** Epoch milliseconds; defaults to `Date.now`. Tests pass a manual clock. */
  readonly now?: () => number;
  /** HMAC secret for the identifiers in counter keys (see `createIdentifierHasher`). */
  readonly identifierSecret?: string;
  /** Told about every refusal (not about peeks, which charge nothing), for the host's metrics. */
  readonly observer?: Pick<ServiceObserver, "limitRefused">;
}

type Identifier = { kind: IdentifierKind; value: string };

/** One counter a request charges: a rule of the policy, whose counter it is, and how many units. */
interface Charge {
  readonly profile: RateLimitProfile;
  readonly rule: RateLimitRule;
  readonly owner: readonly Identifier[];
  readonly units: number;
}

const READ_PROFILE = { resource: "weighted_read", status: "status_poll" } as const satisfies Record<ReadWeight["policy"], RateLimitProfile>;

function ownerOf(
  scope: RateLimitScope,
  ids: { caller?: Identifier; resource?: Identifier; ip?: Identifier; key?: Identifier },
): Identifier[] {
  const pick = (id: Identifier | undefined) => {
    if (id === undefined) throw new TypeError(`rate limiter: scope ${scope} needs an identifier`);
    return id;
  };
  switch (scope) {
    case "caller_resource":
      return [pick(ids.caller), pick(ids.resource)];
    case "resource":
      return [pick(ids.resource)];
    case "caller":
      return [pick(ids.caller)];
    case "ip":
      return [pick(ids.ip)];
    case "key":
      return [pick(ids.key)];
    case "light_surface":
      return [];
  }
}

/**
 * The contract's limits over a CounterStore. Each method charges every counter of its request in ONE
 * consume (all or nothing) and either resolves with the counters' state or throws the `rate_limited`
 * ServiceError of the first exceeded counter. Counter keys carry only hashed identifiers.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { store } = options;
  const now = options.now ?? Date.now;
  const hash = createIdentifierHasher(options.identifierSecret === undefined ? {} : { secret: options.identifierSecret });

  async function toCheck(charge: Charge, tokenOf: (id: Identifier) => Promise<string>): Promise<CounterCheck> {
    const tokens = await Promise.all(charge.owner.map(tokenOf));
    const key = [charge.profile, charge.rule.scope, toWindowLabel(charge.rule.window), ...tokens].join(":");
    return { key, limit: charge.rule.limit, window: charge.rule.window, units: charge.units };
  }

  async function charge(charges: readonly Charge[]): Promise<{ at: number; counters: CounterStatus[] }> {
    // The rules of one request name the same caller and resource again and again (a keyed read: the caller
    // three times, the scan twice); each is hashed once per request. Nothing is kept across requests.
    const tokens = new Map<string, Promise<string>>();
    const tokenOf = (id: Identifier) => {
      const name = `${id.kind}\u0000${id.value}`;
      const token = tokens.get(name) ?? hash(id);
      tokens.set(name, token);
      return token;
    };
    const checks = await Promise.all(charges.map((item) => toCheck(item, tokenOf)));
    const at = now();
    const result = await store.consume({ checks, now: at });
    if (!result.allowed) {
      const failed = charges[result.failed]!;
      const { profile, rule, units } = failed;
      if (units > 0) notifyObserver(options.observer, "limitRefused", { profile, scope: rule.scope });
      throw toRateLimitError({ profile, rule, usage: result.usage, requestedUnits: units, retryAfterMs: result.retryAfterMs, now: at });
    }
    const counters = charges.map(({ profile, rule }, index) => {
      const usage = result.usage[index]!;
      return {
        profile,
        scope: rule.scope,
        window: toWindowLabel(rule.window),
        limit: rule.limit,
        usage,
        remaining: Math.max(0, rule.limit - usage),
      };
    });
    return { at, counters };
  }

  const keyCharges = (key: Identifier, counts: { requests: boolean; scanReads: boolean }): Charge[] =>
    RATE_LIMIT_POLICY.api_key
      .filter((rule) => (rule.counts === "requests" ? counts.requests : counts.scanReads))
      .map((rule) => ({ profile: "api_key", rule, owner: ownerOf(rule.scope, { key }), units: 1 }));

  const dailyQuota = (counter: CounterStatus, at: number): DailyQuota => ({
    limit: counter.limit,
    remaining: counter.remaining,
    resetAt: new Date(nextUtcMidnight(at)).toISOString(),
  });

  const anonymousCharges = (ip: string, units: number): Charge[] =>
    RATE_LIMIT_POLICY.anonymous_scan.map((rule) => ({
      profile: "anonymous_scan",
      rule,
      owner: ownerOf(rule.scope, { ip: { kind: "ip", value: ip } }),
      units,
    }));

  const lightCharges = (ip: string, units: number): Charge[] =>
    RATE_LIMIT_POLICY.light_mcp_scan.map((rule) => ({
      profile: "light_mcp_scan",
      rule,
      owner: ownerOf(rule.scope, { ip: { kind: "ip", value: ip } }),
      units,
    }));

  return {
    async checkRead({ caller, resource, weight, keyId, outsideResourceRule }) {
      const profile = READ_PROFILE[weight.policy];
      const ids = { caller: { kind: "caller", value: caller }, resource: { kind: "resource", value: resource } } as const;
      // The resource-wide rule (one scan across all callers) guards a scan against a crowd; were keyed
      // callers in it, ~34 anonymous addresses could lock a scan's results for its owner too. Keyed reads
      // are accountable and capped per key, per caller and per scan, so they stay out of that one counter.
      const rules = RATE_LIMIT_POLICY[profile].filter((rule) => !(outsideResourceRule === true && rule.scope === "resource"));
      const reads = rules.map((rule): Charge => ({
        profile,
        rule,
        owner: ownerOf(rule.scope, ids),
        units: weight.units,
      }));
      // The per-minute request cap is charged once per request at its entry (checkKeyRequest); a read adds
      // the daily scan-read cap, in the same all-or-nothing step as the weighted limits.
      const key = keyId === undefined ? [] : keyCharges({ kind: "key", value: keyId }, { requests: false, scanReads: true });
      const { counters } = await charge([...reads, ...key]);
      return { counters };
    },

    async checkAnonymousScan({ ip }) {
      const { at, counters } = await charge(anonymousCharges(ip, 1));
      return { counters, quota: dailyQuota(counters[0]!, at) };
    },

    async peekAnonymousScan({ ip }) {
      try {
        const { at, counters } = await charge(anonymousCharges(ip, 0));
        return dailyQuota(counters[0]!, at);
      } catch (error) {
        // A peek is refused only when usage is above the limit (the limit was lowered): nothing remains.
        if (!isServiceError(error) || error.code !== "rate_limited") throw error;
        const rule = RATE_LIMIT_POLICY.anonymous_scan[0];
        return { limit: rule.limit, remaining: 0, resetAt: new Date(nextUtcMidnight(now())).toISOString() };
      }
    },

    async checkLightScan({ ip }) {
      const { at, counters } = await charge(lightCharges(ip, 1));
      const surface = counters.find((counter) => counter.scope === "light_surface")!;
      return { counters, quota: dailyQuota(surface, at) };
    },

    async checkLightRefusal({ ip }) {
      await charge(lightCharges(ip, 1).filter((item) => item.rule.scope !== "light_surface"));
    },

    async peekLightScan({ ip }) {
      try {
        const { at, counters } = await charge(lightCharges(ip, 0));
        return dailyQuota(
          counters.find((counter) => counter.scope === "light_surface")!,
          at,
        );
      } catch (error) {
        // Refused only when usage is above a limit: the surface's day, or this address's 10 minutes.
        if (!isServiceError(error) || error.code !== "rate_limited") throw error;
        const rule = RATE_LIMIT_POLICY.light_mcp_scan[0];
        return { limit: rule.limit, remaining: 0, resetAt: new Date(nextUtcMidnight(now())).toISOString() };
      }
    },

    async checkKeyRequest({ keyId, scanRead }) {
      const { counters } = await charge(keyCharges({ kind: "key", value: keyId }, { requests: true, scanReads: scanRead }));
      return { counters };
    },
  };
}
