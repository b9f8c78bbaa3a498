import { createHash, randomBytes } from "node:crypto";
import { normalizeEmail, SYSTEM_CLOCK } from "@public-scan/core";
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from "../passwords/hash-password.js";
import { endSessionsBefore } from "../sessions/sessions-valid-after.js";
import { AccountError } from "./account-error.js";
import { ACCOUNT_LIMITS, consumeAttempt, createCounterKeys, rolling, type AccountLimits } from "./account-limits.js";
import { PASSWORD_LENGTH, type AccountServiceOptions } from "./create-account-service.js";

/** The account service's stores, mailer and limits (the same ones), and how long a reset link works. */
export type PasswordResetOptions = Pick<
  AccountServiceOptions,
  "store" | "documents" | "counters" | "mailer" | "baseUrl" | "serviceName" | "clock" | "passwordCost" | "counterSecret" | "limits"
> & {
  /** How long a reset link works (default 30 minutes). */
  ttlMs?: number;
};

export interface PasswordReset {
  /**
   * Mails a reset link to the address when it has a verified, enabled account. The caller sees the same
   * outcome whether or not it has one, so the form does not reveal who has an account.
   */
  request(input: { email: string; ip: string }): Promise<void>;
  /** Whether a token is a live reset link (to show its form), without using it. */
  isPending(token: string): Promise<boolean>;
  /** Sets the new password with a live link (once), and ends every session and sign-in made before. */
  complete(input: { token: string; password: string }): Promise<void>;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const resetKey = (token: string) => `password_reset:${createHash("sha256").update(token, "utf8").digest("hex")}`;

/**
 * Password reset by mail: a single-use link (a random token; the store keeps its SHA-256) that works for 30
 * minutes. Requests are limited per network like sign-ups, and share the per-address mail cap with the
 * verification mails. Completing a reset replaces the password and ends the account's dashboard sessions,
 * its authorization server sign-in and the refresh tokens of its grants (`endSessionsBefore`); its API keys
 * stay, as they are revoked one by one on the dashboard.
 */
export function createPasswordReset(options: PasswordResetOptions): PasswordReset {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const ttlMs = options.ttlMs ?? 30 * 60_000;
  const limits: AccountLimits = { ...ACCOUNT_LIMITS, ...options.limits };
  const keys = createCounterKeys(options.counterSecret);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const serviceName = options.serviceName ?? "public-scan";

  return {
    async request({ email: raw, ip }) {
      const email = normalizeEmail(raw);
      if (email.length > 254 || !email.includes("@")) throw new AccountError("invalid_email", "Enter a valid email address.");
      await consumeAttempt(options.counters, [rolling(keys.network("password_reset", ip), limits.signUpPerNetwork)], clock.now());
      const account = await options.store.findByEmail(email);
      if (account === null || account.emailVerifiedAt === null || account.disabledAt !== null) return;
      const mail = rolling(keys.email("mail", account.email), limits.mailsPerAddress);
      if (!(await options.counters.consume({ checks: [mail], now: clock.now() })).allowed) return;
      const token = randomBytes(32).toString("base64url");
      await options.documents.set(resetKey(token), { accountId: account.accountId }, ttlMs);
      await options.mailer.send({
        to: account.email,
        subject: `Reset your password for ${serviceName}`,
        text: `Open this link to choose a new password for ${serviceName}:\n\n${baseUrl}/account/password-reset/confirm?token=${token}\n\nThe link works once, for ${Math.round(ttlMs / 60_000)} minutes. Choosing a new password signs you out everywhere. If you did not ask for it, ignore this message: your password stays as it is.\n`,
      });
    },

    async isPending(token) {
      return TOKEN_SHAPE.test(token) && (await options.documents.get(resetKey(token))) !== undefined;
    },

    async complete({ token, password }) {
      const key = resetKey(token);
      const document = TOKEN_SHAPE.test(token) ? await options.documents.get<{ accountId: string }>(key) : undefined;
      const account = document === undefined ? null : await options.store.get(document.accountId);
      if (document === undefined || account === null || account.disabledAt !== null) {
        throw new AccountError("invalid_token", "This link is not valid any more. Ask for a new one.");
      }
      if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
        throw new AccountError("weak_password", `Choose a password of ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`);
      }
      // Used up before the password changes: a second use of the same link finds nothing.
      await options.documents.delete(key);
      await options.store.setPasswordHash(
        account.accountId,
        await hashPassword(password, options.passwordCost ?? DEFAULT_PASSWORD_HASH_COST),
      );
      await endSessionsBefore(options.documents, { accountId: account.accountId, at: clock.now() });
    },
  };
}
