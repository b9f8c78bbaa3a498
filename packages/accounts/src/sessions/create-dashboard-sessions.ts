import { createHash, randomBytes } from "node:crypto";
import type { Keyv } from "keyv";
import { SYSTEM_CLOCK, type AccountStore, type Clock, type DashboardSession, type SessionResolver } from "@public-scan/core";
import { cookieName, parseCookies, serializeCookie } from "./parse-cookies.js";
import { sessionsValidAfter } from "./sessions-valid-after.js";

export interface DashboardSessionsOptions {
  /** Where sessions live (any keyv store): the cookie holds a random token, the store its SHA-256. */
  documents: Keyv;
  accounts: AccountStore;
  /** Sessions end this long after sign-in (default 12 hours). */
  ttlMs?: number;
  /** Mark the cookie Secure (a deployment served over HTTPS). */
  secure: boolean;
  clock?: Clock;
}

export interface DashboardSessions extends SessionResolver {
  /** Starts a session for the account; returns the Set-Cookie header value. */
  create(accountId: string): Promise<string>;
  /** The signed-in account's session, with its account id (null when signed out, expired or disabled). */
  resolve(request: { cookieHeader: string | undefined }): Promise<(DashboardSession & { accountId: string }) | null>;
  /** Ends the session of the cookie, if any; returns the Set-Cookie header value that clears it. */
  destroy(cookieHeader: string | undefined): Promise<string>;
}

/** The session cookie's name (`__Host-ps_session` on HTTPS). */
export const SESSION_COOKIE = "ps_session";
const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
const sessionKey = (token: string) => `session:${sha256(token)}`;

/**
 * The reference host's dashboard sessions: the SessionResolver behind POST /api/v2/keys/request and the
 * account pages. A disabled account's sessions stop working at once, since every resolve reads the account;
 * so do the sessions opened before the account's address was verified.
 */
export function createDashboardSessions(options: DashboardSessionsOptions): DashboardSessions {
  const ttlMs = options.ttlMs ?? 12 * 3600_000;
  const clock = options.clock ?? SYSTEM_CLOCK;
  const name = cookieName(SESSION_COOKIE, options.secure);
  const tokenOf = (cookieHeader: string | undefined) => {
    const token = parseCookies(cookieHeader).get(name);
    return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
  };
  return {
    async create(accountId) {
      const token = randomBytes(32).toString("base64url");
      await options.documents.set(sessionKey(token), { accountId, createdAt: clock.now() }, ttlMs);
      return serializeCookie(name, token, { maxAgeSeconds: ttlMs / 1000, secure: options.secure, sameSite: "Lax" });
    },
    async resolve(request) {
      const token = tokenOf(request.cookieHeader);
      if (token === null) return null;
      const session = await options.documents.get<{ accountId: string; createdAt: number }>(sessionKey(token));
      if (session === undefined || clock.now() - session.createdAt > ttlMs) return null;
      const account = await options.accounts.get(session.accountId);
      if (account === null || account.disabledAt !== null) return null;
      // A session opened before the address was verified proved only the password of whoever signed up first
      // with it, which the verification link replaces (createAccountService): it ends at verification.
      if (account.emailVerifiedAt !== null && session.createdAt < Date.parse(account.emailVerifiedAt)) return null;
      // A password reset ends the sessions opened before it (`endSessionsBefore`).
      if (session.createdAt < (await sessionsValidAfter(options.documents, account.accountId))) return null;
      return { accountId: account.accountId, email: account.email, emailVerified: account.emailVerifiedAt !== null };
    },
    async destroy(cookieHeader) {
      const token = tokenOf(cookieHeader);
      if (token !== null) await options.documents.delete(sessionKey(token));
      return serializeCookie(name, "", { maxAgeSeconds: 0, secure: options.secure, sameSite: "Lax" });
    },
  };
}
