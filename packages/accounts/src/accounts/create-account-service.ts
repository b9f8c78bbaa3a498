import { createHash, randomBytes } from "node:crypto";
import type { Keyv } from "keyv";
import {
  isDisposableEmail,
  normalizeEmail,
  SELF_SERVE_SCOPES,
  SYSTEM_CLOCK,
  type AccountRecord,
  type AccountStore,
  type Clock,
  type CounterStore,
} from "@public-scan/core";
import type { Mailer } from "../mail/mailer.js";
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  needsRehash,
  verifyPassword,
  type PasswordHashCost,
} from "../passwords/hash-password.js";
import { AccountError } from "./account-error.js";
import { ACCOUNT_LIMITS, consumeAttempt, createCounterKeys, guardPasswordAttempts, rolling, type AccountLimits } from "./account-limits.js";
import { safeReturnPath } from "../web/safe-return-path.js";

export interface AccountServiceOptions {
  store: AccountStore;
  /** Where verification tokens live until used or expired (any keyv store). */
  documents: Keyv;
  counters: CounterStore;
  mailer: Mailer;
  /** The public base URL of the deployment: verification links point at it. */
  baseUrl: string;
  serviceName?: string;
  clock?: Clock;
  passwordCost?: PasswordHashCost;
  isDisposable?: (email: string) => boolean;
  /** Keys the rate-limit counters' hashes (a deployment secret, or one derived from it). */
  counterSecret: string;
  /** The forms' rate limits (default `ACCOUNT_LIMITS`). */
  limits?: Partial<AccountLimits>;
  /** How long a verification link works (default 24 hours). */
  verificationTtlMs?: number;
}

export interface AccountService {
  /**
   * Creates an unverified account and mails its verification link. An address that already has an account
   * gets a note instead, and the caller sees the same outcome either way, so the form does not reveal who
   * has an account.
   */
  signUp(input: { email: string; password: string; ip: string; returnTo?: string | null }): Promise<void>;
  /**
   * Confirms an address (once): the link's token and the password chosen at the sign-up that mailed it.
   * Asking for the password means neither a mail scanner following the link nor a person who clicks a link
   * someone else's sign-up sent them verifies an account with another person's password.
   */
  verifyEmail(input: { token: string; password: string; ip: string }): Promise<{ account: AccountRecord; returnTo: string | null }>;
  /** Whether a token is a live verification link (to show its form), without using it. */
  isVerificationPending(token: string): Promise<boolean>;
  /** Checks a password; refuses disabled accounts and unknown addresses with one message. */
  signIn(input: { email: string; password: string; ip: string }): Promise<AccountRecord>;
  get(accountId: string): Promise<AccountRecord | null>;
}

/** Passwords: at least 10 characters (NIST SP 800-63B allows 8; a scan service can ask a little more), at most 256. */
export const PASSWORD_LENGTH = { min: 10, max: 256 } as const;
/**
 * Addresses as mail systems deliver them, nothing looser: dot-atom local parts (no quotes, angle brackets,
 * commas or spaces, which a mailer may parse into another recipient) and a host name of letters, digits and
 * hyphens with a top-level domain of letters (IDN as punycode).
 */
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+(xn--[a-z0-9-]{1,59}|[a-z]{2,63})$/;

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
export const verificationKey = (token: string) => `verify:${sha256(token)}`;

/** What a verification link stands for, stored under its token's hash until it is used or expires. */
interface Verification {
  accountId: string;
  returnTo: string | null;
  /**
   * The password chosen at the sign-up that mailed this link (absent in links mailed before it was kept).
   * Following the link proves the address, so that sign-up's password becomes the account's: someone who
   * signed up first with another person's address cannot keep a password on the account they verify.
   */
  passwordHash?: string;
}

/** Sign-up, verification and sign-in over an AccountStore, with rate limits and mailed links. */
export function createAccountService(options: AccountServiceOptions): AccountService {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_HASH_COST;
  const serviceName = options.serviceName ?? "public-scan";
  const ttlMs = options.verificationTtlMs ?? 24 * 3600_000;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const limits: AccountLimits = { ...ACCOUNT_LIMITS, ...options.limits };
  const keys = createCounterKeys(options.counterSecret);
  // Compared against when the address is unknown, so a miss costs as long as a wrong password.
  // Made at the first miss, not at start-up: one hash costs 128 MiB and a tenth of a second.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString("hex"), cost));

  const validEmail = (raw: string) => {
    const email = normalizeEmail(raw);
    if (email.length > 254 || email.split("@")[0]!.length > 64 || !EMAIL_PATTERN.test(email))
      throw new AccountError("invalid_email", "Enter a valid email address.");
    return email;
  };

  /** How long a network the address signed in from keeps its own budget when others guess (90 days). */
  const knownNetworkTtlMs = 90 * 24 * 3600_000;
  /** The limits around one password check of `action` (`guardPasswordAttempts`). */
  const passwordGuard = async (action: string, email: string, ip: string) =>
    guardPasswordAttempts({
      counters: options.counters,
      checks: {
        pair: rolling(keys.emailAndNetwork(action, email, ip), limits.signInPerEmail),
        network: rolling(keys.network(action, ip), limits.signInPerNetwork),
        total: rolling(keys.email(action, email), limits.signInPerEmailTotal),
      },
      knownNetwork: (await options.documents.get(keys.knownNetwork(email, ip))) === true,
      now: clock.now(),
    });
  const rememberNetwork = (email: string, ip: string) => options.documents.set(keys.knownNetwork(email, ip), true, knownNetworkTtlMs);

  /** Whether one more mail may go to this address today; past the cap the mail is skipped, silently. */
  const mayMail = async (email: string) =>
    (await options.counters.consume({ checks: [rolling(keys.email("mail", email), limits.mailsPerAddress)], now: clock.now() })).allowed;

  const mailVerification = async (account: AccountRecord, verification: Omit<Verification, "accountId">) => {
    if (!(await mayMail(account.email))) return;
    const token = randomBytes(32).toString("base64url");
    await options.documents.set(verificationKey(token), { accountId: account.accountId, ...verification } satisfies Verification, ttlMs);
    const link = `${baseUrl}/account/verify?token=${token}`;
    await options.mailer.send({
      to: account.email,
      subject: `Confirm your email for ${serviceName}`,
      text: `Open this link to confirm your email address and finish signing up for ${serviceName}:\n\n${link}\n\nThe link works once, for ${Math.round(ttlMs / 3600_000)} hours. If you did not sign up, ignore this message.\n`,
    });
  };

  return {
    async signUp(input) {
      const email = validEmail(input.email);
      if (input.password.length < PASSWORD_LENGTH.min || input.password.length > PASSWORD_LENGTH.max) {
        throw new AccountError("weak_password", `Choose a password of ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`);
      }
      if ((options.isDisposable ?? isDisposableEmail)(email)) {
        throw new AccountError("disposable_email", "Use a permanent email address; disposable ones cannot hold an account.");
      }
      await consumeAttempt(options.counters, [rolling(keys.network("sign_up", input.ip), limits.signUpPerNetwork)], clock.now());
      const returnTo = safeReturnPath(input.returnTo ?? null);
      // Hashed before the address is looked up, on every path: the answer takes as long whether or not the
      // address has an account.
      const passwordHash = await hashPassword(input.password, cost);
      const existing = await options.store.findByEmail(email);
      if (existing !== null) {
        if (existing.emailVerifiedAt === null && existing.disabledAt === null)
          return mailVerification(existing, { returnTo, passwordHash });
        if (!(await mayMail(existing.email))) return;
        await options.mailer.send({
          to: existing.email,
          subject: `Sign-up attempt at ${serviceName}`,
          text: `Someone tried to sign up for ${serviceName} with this address, which already has an account. Sign in at ${baseUrl}/account/sign-in instead. If it was not you, nothing changed.\n`,
        });
        return;
      }
      const account: AccountRecord = {
        accountId: `acct_${randomBytes(12).toString("hex")}`,
        email,
        passwordHash,
        emailVerifiedAt: null,
        scopes: [...SELF_SERVE_SCOPES],
        createdAt: new Date(clock.now()).toISOString(),
        disabledAt: null,
      };
      // A sign-up for the same address that won the race already mailed its own link.
      if (await options.store.create(account)) await mailVerification(account, { returnTo, passwordHash: account.passwordHash });
    },

    async isVerificationPending(token) {
      return /^[A-Za-z0-9_-]{20,100}$/.test(token) && (await options.documents.get<Verification>(verificationKey(token))) !== undefined;
    },

    async verifyEmail({ token, password, ip }) {
      const key = verificationKey(token);
      const document = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await options.documents.get<Verification>(key) : undefined;
      const account = document === undefined ? null : await options.store.get(document.accountId);
      if (document === undefined || account === null || account.disabledAt !== null) {
        throw new AccountError("invalid_token", "This link is not valid any more. Sign up again to get a new one.");
      }
      // Guessing the password of a link is like guessing a sign-in: the same limits, on counters of their own.
      const guard = await passwordGuard("verify", account.email, ip);
      await guard.admit();
      const expected = document.passwordHash ?? account.passwordHash;
      if (password.length > PASSWORD_LENGTH.max || !(await verifyPassword(password, expected))) {
        await guard.charge();
        throw new AccountError("invalid_credentials", "That is not the password chosen when signing up with this link.");
      }
      await rememberNetwork(account.email, ip);
      await options.documents.delete(key);
      // Only until the address is verified: an older link of another sign-up must not change it afterwards.
      const passwordHash = account.emailVerifiedAt === null ? (document.passwordHash ?? account.passwordHash) : account.passwordHash;
      if (passwordHash !== account.passwordHash) await options.store.setPasswordHash(account.accountId, passwordHash);
      const at = new Date(clock.now()).toISOString();
      await options.store.markEmailVerified(account.accountId, at);
      return { account: { ...account, passwordHash, emailVerifiedAt: account.emailVerifiedAt ?? at }, returnTo: document.returnTo };
    },

    async signIn(input) {
      const email = normalizeEmail(input.email);
      const guard = await passwordGuard("sign_in", email, input.ip);
      await guard.admit();
      const account = await options.store.findByEmail(email);
      // No account has a password over the maximum: a longer one costs the same comparison but never matches
      // (a cut-off one would let "password + anything" in, and the rehash below would then store that).
      const password = input.password.slice(0, PASSWORD_LENGTH.max);
      const matches =
        (await verifyPassword(password, account?.passwordHash ?? (await decoyHash()))) && password.length === input.password.length;
      if (account === null || !matches || account.disabledAt !== null) {
        await guard.charge();
        throw new AccountError("invalid_credentials", "The email or the password is wrong.");
      }
      await rememberNetwork(email, input.ip);
      if (needsRehash(account.passwordHash, cost))
        await options.store.setPasswordHash(account.accountId, await hashPassword(password, cost));
      return account;
    },

    get: (accountId) => options.store.get(accountId),
  };
}
