import { createHmac } from "node:crypto";
import { networkOf, type CounterCheck, type CounterStore } from "@public-scan/core";
import { AccountError } from "./account-error.js";

/**
 * Rolling limits on the account forms. Failed sign-ins are limited per address and network (guessing one
 * account's password), per address from everywhere at a higher ceiling (a distributed guess), and per
 * network (spraying many accounts); only failures count, so the owner's right password costs nothing, and
 * the ceiling from everywhere does not apply to a network the account signed in from before, so guessers
 * elsewhere cannot lock the owner out (`guardPasswordAttempts`). Sign-up is limited per network (bulk
 * accounts). Mail to one address is capped whatever the sender's network (mail bombing): past the cap,
 * the mail is skipped silently, and the page says the same as always.
 */
export interface AccountLimits {
  signInPerEmail: RollingLimit;
  signInPerEmailTotal: RollingLimit;
  signInPerNetwork: RollingLimit;
  signUpPerNetwork: RollingLimit;
  mailsPerAddress: RollingLimit;
}

export interface RollingLimit {
  limit: number;
  windowMs: number;
}

export const ACCOUNT_LIMITS: Readonly<AccountLimits> = {
  signInPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  signInPerEmailTotal: { limit: 100, windowMs: 15 * 60_000 },
  signInPerNetwork: { limit: 60, windowMs: 15 * 60_000 },
  signUpPerNetwork: { limit: 10, windowMs: 60 * 60_000 },
  mailsPerAddress: { limit: 3, windowMs: 24 * 3600_000 },
};

/**
 * Counter keys hold keyed hashes only (HMAC under a deployment secret): the counters must not become a list
 * of addresses, and a copy of the database cannot be reversed by hashing every /24 or a list of emails.
 */
export function createCounterKeys(secret: string) {
  const hash = (value: string) => createHmac("sha256", secret).update(value, "utf8").digest("hex");
  return {
    email: (action: string, email: string) => `account:${action}:email:${hash(email)}`,
    network: (action: string, ip: string) => `account:${action}:network:${hash(networkOf(ip))}`,
    emailAndNetwork: (action: string, email: string, ip: string) => `account:${action}:email_network:${hash(`${email} ${networkOf(ip)}`)}`,
    /** A network the address signed in from: a document key, not a counter. */
    knownNetwork: (email: string, ip: string) => `account:known_network:${hash(`${email} ${networkOf(ip)}`)}`,
  };
}
export type CounterKeys = ReturnType<typeof createCounterKeys>;

/** Consumes one attempt from every check, or throws `rate_limited` with when to retry. */
export async function consumeAttempt(counters: CounterStore, checks: CounterCheck[], now: number): Promise<void> {
  const result = await counters.consume({ checks, now });
  if (result.allowed) return;
  const seconds = Number.isFinite(result.retryAfterMs) ? Math.max(1, Math.ceil(result.retryAfterMs / 1000)) : 3600;
  throw new AccountError("rate_limited", "Too many attempts; wait a little and try again.", seconds);
}

export const rolling = (key: string, limit: RollingLimit): CounterCheck => ({
  key,
  limit: limit.limit,
  window: { kind: "rolling", ms: limit.windowMs },
  units: 1,
});

/** What a password check needs of the limits: whether to admit it, and what to charge when it fails. */
export interface PasswordAttemptGuard {
  /** Throws `rate_limited` when a budget that applies to this attempt is spent; consumes nothing. */
  admit(): Promise<void>;
  /** Charges one failed attempt to every budget (even past its limit, so a flood keeps its lock). */
  charge(): Promise<void>;
}

/**
 * The limits around one password check (sign-in, or a verification link's password). Failures are charged,
 * attempts are not: the owner's right password never spends a budget. Admission reads the budgets first: the
 * address-and-network and the network budgets always apply; the address's total from everywhere applies
 * only to networks the address never signed in from, so a distributed guess cannot lock the owner out of
 * their own network. Attempts checked at the same time may each be admitted before any is charged: the
 * overshoot is bounded by the password hashes that run at once (`hashPassword` runs two at a time).
 */
export function guardPasswordAttempts(input: {
  counters: CounterStore;
  checks: { pair: CounterCheck; network: CounterCheck; total: CounterCheck };
  knownNetwork: boolean;
  now: number;
}): PasswordAttemptGuard {
  const { counters, checks, now } = input;
  const applying = [checks.pair, checks.network, ...(input.knownNetwork ? [] : [checks.total])];
  return {
    async admit() {
      // A read (no units): refused only where charged failures went past a limit, which names that counter.
      const read = await counters.consume({ checks: applying.map((check) => ({ ...check, units: 0 })), now });
      const spent = read.allowed ? applying.find((check, index) => (read.usage[index] ?? 0) >= check.limit) : applying[read.failed];
      // Asking the spent counter for one more unit is refused and consumes nothing; it says when it frees up.
      if (spent !== undefined) await consumeAttempt(counters, [spent], now);
    },
    async charge() {
      await counters.consume({
        checks: [checks.pair, checks.network, checks.total].map((check) => ({ ...check, limit: Number.MAX_SAFE_INTEGER })),
        now,
      });
    },
  };
}
