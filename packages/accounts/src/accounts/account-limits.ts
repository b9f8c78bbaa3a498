import { createHmac } from "node:crypto";
import { networkOf, type CounterCheck, type CounterStore } from "@public-scan/core";
import { AccountError } from "./account-error.js";

/**
 * Rolling limits on the account forms. Sign-in is limited per address and network (guessing one account's
 * password), per address from everywhere at a higher ceiling (a distributed guess, without letting one
 * network lock the owner out), and per network (spraying many accounts); sign-up per network (bulk
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
