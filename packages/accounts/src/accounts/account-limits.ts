import { createHash } from "node:crypto";
import { networkOf, type CounterCheck, type CounterStore } from "@public-scan/core";
import { AccountError } from "./account-error.js";

/**
 * Rolling limits on the account forms. Sign-in is limited per address (guessing one account's password)
 * and per network (spraying many accounts); sign-up per network (bulk accounts, mail bombing).
 */
export interface AccountLimits {
  signInPerEmail: RollingLimit;
  signInPerNetwork: RollingLimit;
  signUpPerNetwork: RollingLimit;
}

export interface RollingLimit {
  limit: number;
  windowMs: number;
}

export const ACCOUNT_LIMITS: Readonly<AccountLimits> = {
  signInPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  signInPerNetwork: { limit: 60, windowMs: 15 * 60_000 },
  signUpPerNetwork: { limit: 10, windowMs: 60 * 60_000 },
};

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** Counter keys hold hashes only: the counters must not become a list of addresses. */
export const emailCounterKey = (action: string, email: string) => `account:${action}:email:${sha256(email)}`;
export const networkCounterKey = (action: string, ip: string) => `account:${action}:network:${sha256(networkOf(ip))}`;

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
