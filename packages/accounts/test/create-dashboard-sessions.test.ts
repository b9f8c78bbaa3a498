import type { AccountRecord } from "@public-scan/core";
import { createMemoryAccountStore } from "@public-scan/core/testing";
import { Keyv } from "keyv";
import { describe, expect, it, vi } from "vitest";
import { createDashboardSessions, SESSION_COOKIE, type DashboardSessionsOptions } from "../src/sessions/create-dashboard-sessions.js";

const HOUR = 3600_000;
/** The name on HTTPS, where these sessions are set up (`__Host-`: no sibling subdomain can plant one). */
const COOKIE = `__Host-${SESSION_COOKIE}`;

/** Sessions over memory stores, a clock the test moves by hand, and one verified account. */
async function setup(overrides: Partial<DashboardSessionsOptions> = {}) {
  const time = { now: Date.parse("2030-01-01T00:00:00Z") };
  const accounts = createMemoryAccountStore();
  const documents = new Keyv();
  const account: AccountRecord = {
    accountId: "acct_0123456789abcdef01234567",
    email: "ada@example.org",
    passwordHash: "scrypt$1024$8$1$salt$hash",
    emailVerifiedAt: new Date(time.now - HOUR).toISOString(),
    scopes: ["scan:read", "mcp"],
    createdAt: new Date(time.now - 2 * HOUR).toISOString(),
    disabledAt: null,
  };
  await accounts.create(account);
  const sessions = createDashboardSessions({ documents, accounts, secure: true, clock: { now: () => time.now }, ...overrides });
  return { sessions, accounts, documents, account, time };
}

/** The `name=value` pair of a Set-Cookie value, as the browser sends it back. */
const pairOf = (setCookie: string) => setCookie.split("; ")[0]!;

describe("createDashboardSessions", () => {
  it("starts a session with an HttpOnly, SameSite=Lax cookie for the whole site, lasting ttlMs", async () => {
    const { sessions, account } = await setup({ ttlMs: 2 * HOUR });
    const setCookie = await sessions.create(account.accountId);
    const [pair, ...attributes] = setCookie.split("; ");
    expect(pair).toMatch(new RegExp(`^${COOKIE}=[\\w-]{43}$`));
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=7200", "Secure"]));
  });

  it("marks the cookie Secure and __Host- only for a site served over HTTPS", async () => {
    const { sessions, account } = await setup({ secure: false });
    const plain = await sessions.create(account.accountId);
    expect(plain.split("; ")).not.toContain("Secure");
    expect(plain).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(await sessions.resolve({ cookieHeader: pairOf(plain) })).not.toBeNull();
    expect((await sessions.destroy(undefined)).split("; ")).not.toContain("Secure");
  });

  it("resolves its cookie to the account, alone or among other cookies", async () => {
    const { sessions, account } = await setup();
    const pair = pairOf(await sessions.create(account.accountId));
    const expected = { accountId: account.accountId, email: "ada@example.org", emailVerified: true };
    expect(await sessions.resolve({ cookieHeader: pair })).toEqual(expected);
    expect(await sessions.resolve({ cookieHeader: `ps_csrf=abc; theme=dark;${pair}; other=1` })).toEqual(expected);
  });

  it("stores only a hash of the token: the cookie value is not a key of the store", async () => {
    const { sessions, account, documents } = await setup();
    const token = pairOf(await sessions.create(account.accountId)).split("=")[1]!;
    const get = vi.spyOn(documents, "get");
    await sessions.resolve({ cookieHeader: `${COOKIE}=${token}` });
    // The session's record, then the account's password-reset cut-off: neither key holds the token.
    expect(get).toHaveBeenCalledTimes(2);
    for (const [key] of get.mock.calls) expect(key).not.toContain(token);
  });

  it("resolves malformed cookies to null without a store lookup", async () => {
    const { sessions, documents } = await setup();
    const get = vi.spyOn(documents, "get");
    for (const cookieHeader of [
      undefined,
      "",
      `${COOKIE}=`,
      `${COOKIE}=short`,
      `${COOKIE}=${"a".repeat(42)}`,
      `${COOKIE}=${"a".repeat(44)}`,
      `${COOKIE}=${"a".repeat(42)}.`,
      `${COOKIE}=${"a".repeat(42)}+`,
      `${COOKIE}="${"a".repeat(43)}"`,
      `other=${"a".repeat(43)}`,
      "garbage without an equals sign",
    ]) {
      expect(await sessions.resolve({ cookieHeader })).toBeNull();
    }
    expect(get).not.toHaveBeenCalled();
  });

  it("resolves a well-formed token that was never issued to null", async () => {
    const { sessions } = await setup();
    expect(await sessions.resolve({ cookieHeader: `${COOKIE}=${"a".repeat(43)}` })).toBeNull();
  });

  it("ends the session on destroy, with a cookie that clears it", async () => {
    const { sessions, account } = await setup();
    const pair = pairOf(await sessions.create(account.accountId));
    const other = pairOf(await sessions.create(account.accountId));
    const cleared = await sessions.destroy(`theme=dark; ${pair}`);
    expect(cleared.split("; ")).toEqual(expect.arrayContaining([`${COOKIE}=`, "Max-Age=0", "Path=/", "HttpOnly"]));
    expect(await sessions.resolve({ cookieHeader: pair })).toBeNull();
    // Only that session: the same account's other session goes on.
    expect(await sessions.resolve({ cookieHeader: other })).not.toBeNull();
  });

  it("resolves a session older than ttlMs to null, even while the store still holds it", async () => {
    const { sessions, account, time } = await setup({ ttlMs: HOUR });
    const pair = pairOf(await sessions.create(account.accountId));
    time.now += HOUR;
    expect(await sessions.resolve({ cookieHeader: pair })).not.toBeNull();
    time.now += 1;
    expect(await sessions.resolve({ cookieHeader: pair })).toBeNull();
  });

  it("resolves the session of a disabled or deleted account to null at once", async () => {
    const { sessions, accounts, account } = await setup();
    const pair = pairOf(await sessions.create(account.accountId));
    const missing = pairOf(await sessions.create("acct_ffffffffffffffffffffffff"));
    await accounts.disable(account.accountId, new Date().toISOString());
    expect(await sessions.resolve({ cookieHeader: pair })).toBeNull();
    expect(await sessions.resolve({ cookieHeader: missing })).toBeNull();
  });

  it("says an unverified account is unverified, and ends its sessions when the address is verified", async () => {
    // Whoever signed up first with an address could sign in before its owner verified it; that session must
    // not become the owner's verified session (createAccountService replaces the password at verification).
    const { sessions, accounts, time } = await setup();
    const unverified: AccountRecord = {
      accountId: "acct_aaaaaaaaaaaaaaaaaaaaaaaa",
      email: "new@example.org",
      passwordHash: "scrypt$1024$8$1$salt$hash",
      emailVerifiedAt: null,
      scopes: ["scan:read", "mcp"],
      createdAt: new Date(time.now).toISOString(),
      disabledAt: null,
    };
    await accounts.create(unverified);
    const before = pairOf(await sessions.create(unverified.accountId));
    expect(await sessions.resolve({ cookieHeader: before })).toMatchObject({ email: "new@example.org", emailVerified: false });
    time.now += 60_000;
    await accounts.markEmailVerified(unverified.accountId, new Date(time.now).toISOString());
    expect(await sessions.resolve({ cookieHeader: before })).toBeNull();
    time.now += 1000;
    const after = pairOf(await sessions.create(unverified.accountId));
    expect(await sessions.resolve({ cookieHeader: after })).toMatchObject({ email: "new@example.org", emailVerified: true });
  });
});
