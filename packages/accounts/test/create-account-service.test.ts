import { setTimeout as sleep } from "node:timers/promises";
import { createMemoryCounterStore } from "@public-scan/core";
import { createMemoryAccountStore } from "@public-scan/core/testing";
import { Keyv } from "keyv";
import { describe, expect, it, vi } from "vitest";
import { AccountError } from "../src/accounts/account-error.js";
import { createAccountService, type AccountServiceOptions } from "../src/accounts/create-account-service.js";
import type { MailMessage } from "../src/mail/mailer.js";
import { hashPassword } from "../src/passwords/hash-password.js";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = "correct horse battery staple";
const IP = "203.0.113.5";

/** The service over memory stores, with a capturing mailer and a clock the test moves by hand. */
function setup(overrides: Partial<AccountServiceOptions> = {}) {
  const mail: MailMessage[] = [];
  const time = { now: Date.parse("2030-01-01T00:00:00Z") };
  const store = createMemoryAccountStore();
  const documents = new Keyv();
  const options: AccountServiceOptions = {
    store,
    documents,
    counters: createMemoryCounterStore(),
    mailer: { send: (message) => Promise.resolve(void mail.push(message)) },
    baseUrl: "https://scan.example/",
    clock: { now: () => time.now },
    passwordCost: CHEAP,
    counterSecret: "a-test-counter-secret",
    ...overrides,
  };
  const service = createAccountService(options);
  /** The token of the verification link in the last message to `email`, or null. */
  const tokenFor = (email: string) =>
    /\/account\/verify\?token=([\w-]+)/.exec(mail.findLast((sent) => sent.to === email)?.text ?? "")?.[1] ?? null;
  /** Follows a link as its page does: with the password of the sign-up that mailed it. */
  const verify = (token: string, password = PASSWORD) => service.verifyEmail({ token, password, ip: IP });
  const signUpVerified = async (email: string, password = PASSWORD) => {
    await service.signUp({ email, password, ip: IP });
    return (await verify(tokenFor(email)!, password)).account;
  };
  return { service, store, documents, mail, time, options, tokenFor, verify, signUpVerified };
}

/** The AccountError an action was refused with. */
async function refusal(action: Promise<unknown>): Promise<AccountError> {
  const error = await action.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AccountError);
  return error as AccountError;
}

describe("signUp", () => {
  it("stores the normalized address and mails it a link under the base URL", async () => {
    const { service, store, mail } = setup();
    await service.signUp({ email: "  Ada.Lovelace@Example.ORG ", password: PASSWORD, ip: IP });
    const account = await store.findByEmail("ada.lovelace@example.org");
    expect(account).toMatchObject({ email: "ada.lovelace@example.org", emailVerifiedAt: null, disabledAt: null });
    expect(account!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe("ada.lovelace@example.org");
    // The base URL's trailing slash is not doubled.
    expect(mail[0]!.text).toMatch(/https:\/\/scan\.example\/account\/verify\?token=[\w-]{43}\n/);
  });

  it("refuses a malformed address, a short or overlong password and a disposable address, mailing nothing", async () => {
    const { service, mail } = setup({ isDisposable: (email) => email.endsWith("@throwaway.example") });
    expect((await refusal(service.signUp({ email: "not-an-email", password: PASSWORD, ip: IP }))).code).toBe("invalid_email");
    expect((await refusal(service.signUp({ email: "a@example.org", password: "short", ip: IP }))).code).toBe("weak_password");
    expect((await refusal(service.signUp({ email: "a@example.org", password: "x".repeat(257), ip: IP }))).code).toBe("weak_password");
    expect((await refusal(service.signUp({ email: "a@throwaway.example", password: PASSWORD, ip: IP }))).code).toBe("disposable_email");
    expect(mail).toEqual([]);
  });

  it("mails a note without a link to an address whose account is verified", async () => {
    const { service, mail, signUpVerified } = setup();
    await signUpVerified("grace@example.org");
    await service.signUp({ email: "Grace@example.org", password: "another password entirely", ip: IP });
    expect(mail).toHaveLength(2);
    expect(mail[1]).toMatchObject({ to: "grace@example.org", subject: expect.stringMatching(/Sign-up attempt/) as unknown });
    expect(mail[1]!.text).not.toMatch(/token=/);
    expect(mail[1]!.text).toContain("https://scan.example/account/sign-in");
  });

  it("mails a fresh link to an address whose account is not verified yet", async () => {
    const { service, mail, tokenFor, verify } = setup();
    await service.signUp({ email: "hopper@example.org", password: PASSWORD, ip: IP });
    const first = tokenFor("hopper@example.org");
    await service.signUp({ email: "hopper@example.org", password: PASSWORD, ip: IP });
    const second = tokenFor("hopper@example.org");
    expect(mail).toHaveLength(2);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect((await verify(second!)).account.email).toBe("hopper@example.org");
  });

  it("lets the person who follows a link set the password, not whoever signed up with the address first", async () => {
    // Pre-hijacking: someone signs up with another person's address and waits for them to verify it.
    const { service, tokenFor, verify } = setup();
    await service.signUp({ email: "victim@example.org", password: "the squatter's password", ip: "198.51.100.7" });
    await service.signUp({ email: "victim@example.org", password: PASSWORD, ip: IP });
    await verify(tokenFor("victim@example.org")!);
    expect((await service.signIn({ email: "victim@example.org", password: PASSWORD, ip: IP })).email).toBe("victim@example.org");
    expect((await refusal(service.signIn({ email: "victim@example.org", password: "the squatter's password", ip: IP }))).code).toBe(
      "invalid_credentials",
    );
  });

  it("keeps the owner's password when an older link of the squatter's sign-up is followed after verification", async () => {
    const { service, mail, tokenFor, verify } = setup();
    await service.signUp({ email: "victim@example.org", password: "the squatter's password", ip: "198.51.100.7" });
    const squatters = tokenFor("victim@example.org")!;
    await service.signUp({ email: "victim@example.org", password: PASSWORD, ip: IP });
    await verify(tokenFor("victim@example.org")!);
    expect(mail).toHaveLength(2);
    await verify(squatters, "the squatter's password");
    expect((await service.signIn({ email: "victim@example.org", password: PASSWORD, ip: IP })).email).toBe("victim@example.org");
    expect((await refusal(service.signIn({ email: "victim@example.org", password: "the squatter's password", ip: IP }))).code).toBe(
      "invalid_credentials",
    );
  });

  it("refuses the sign-up past the per-network limit with a wait, and accepts again after the window", async () => {
    const { service, time, store } = setup({ limits: { signUpPerNetwork: { limit: 3, windowMs: 60_000 } } });
    for (const name of ["a", "b", "c"])
      await service.signUp({ email: `${name}@example.org`, password: PASSWORD, ip: `203.0.113.${name.charCodeAt(0)}` });
    time.now += 15_000;
    // Another address in the same /24 counts against the same network.
    const refused = await refusal(service.signUp({ email: "d@example.org", password: PASSWORD, ip: "203.0.113.200" }));
    expect(refused.code).toBe("rate_limited");
    expect(refused.retryAfterSeconds).toBe(45);
    expect(await store.findByEmail("d@example.org")).toBeNull();
    // Another network is not held back.
    await service.signUp({ email: "e@example.org", password: PASSWORD, ip: "198.51.100.7" });
    time.now += 45_000;
    await service.signUp({ email: "d@example.org", password: PASSWORD, ip: "203.0.113.200" });
    expect(await store.findByEmail("d@example.org")).not.toBeNull();
  });
});

describe("verifyEmail", () => {
  it("verifies the account once: the same link is refused afterwards", async () => {
    const { service, store, tokenFor, time, verify } = setup();
    await service.signUp({ email: "once@example.org", password: PASSWORD, ip: IP });
    const token = tokenFor("once@example.org")!;
    const { account } = await verify(token);
    expect(account.emailVerifiedAt).toBe(new Date(time.now).toISOString());
    expect((await store.get(account.accountId))!.emailVerifiedAt).toBe(new Date(time.now).toISOString());
    expect((await refusal(verify(token))).code).toBe("invalid_token");
  });

  it("refuses a link after verificationTtlMs (the document store's wall-clock expiry)", async () => {
    const { service, store, tokenFor, verify } = setup({ verificationTtlMs: 50 });
    await service.signUp({ email: "late@example.org", password: PASSWORD, ip: IP });
    await sleep(120);
    expect((await refusal(verify(tokenFor("late@example.org")!))).code).toBe("invalid_token");
    expect((await store.findByEmail("late@example.org"))!.emailVerifiedAt).toBeNull();
  });

  it("refuses the link of an account disabled in the meantime, leaving it unverified", async () => {
    const { service, store, tokenFor, verify } = setup();
    await service.signUp({ email: "gone@example.org", password: PASSWORD, ip: IP });
    const account = await store.findByEmail("gone@example.org");
    await store.disable(account!.accountId, new Date().toISOString());
    expect((await refusal(verify(tokenFor("gone@example.org")!))).code).toBe("invalid_token");
    expect((await store.get(account!.accountId))!.emailVerifiedAt).toBeNull();
  });

  it("refuses a malformed token without looking anything up", async () => {
    const { store, documents, verify } = setup();
    const documentGet = vi.spyOn(documents, "get");
    const accountGet = vi.spyOn(store, "get");
    for (const token of ["", "short", "a".repeat(101), `${"a".repeat(40)} b`, `${"a".repeat(40)}/..`, `${"a".repeat(40)}%00`]) {
      const refused = await refusal(verify(token));
      expect(refused.code).toBe("invalid_token");
    }
    expect(documentGet).not.toHaveBeenCalled();
    expect(accountGet).not.toHaveBeenCalled();
  });

  it("refuses a well-formed token that was never issued", async () => {
    const { verify } = setup();
    expect((await refusal(verify("A".repeat(43)))).code).toBe("invalid_token");
  });

  it("gives back the return path of the sign-up only when it is a safe path on this site", async () => {
    const { service, tokenFor, verify } = setup();
    const returned = async (email: string, returnTo: string | null | undefined) => {
      await service.signUp({ email, password: PASSWORD, ip: IP, ...(returnTo === undefined ? {} : { returnTo }) });
      return (await verify(tokenFor(email)!)).returnTo;
    };
    expect(await returned("r1@example.org", "/interaction/abc?x=1")).toBe("/interaction/abc?x=1");
    expect(await returned("r2@example.org", "//evil.example/")).toBeNull();
    expect(await returned("r3@example.org", "https://evil.example/")).toBeNull();
    expect(await returned("r4@example.org", null)).toBeNull();
    expect(await returned("r5@example.org", undefined)).toBeNull();
  });
});

describe("signIn", () => {
  it("signs in with the password, in any case and spacing of the address", async () => {
    const { service, signUpVerified } = setup();
    const account = await signUpVerified("lin@example.org");
    expect((await service.signIn({ email: " LIN@example.org", password: PASSWORD, ip: IP })).accountId).toBe(account.accountId);
  });

  it("refuses a wrong password, an unknown address and a disabled account with one code and one message", async () => {
    const { service, store, signUpVerified } = setup();
    await signUpVerified("known@example.org");
    const disabled = await signUpVerified("disabled@example.org");
    await store.disable(disabled.accountId, new Date().toISOString());
    const refusals = await Promise.all([
      refusal(service.signIn({ email: "known@example.org", password: "not the password", ip: IP })),
      refusal(service.signIn({ email: "nobody@example.org", password: PASSWORD, ip: IP })),
      refusal(service.signIn({ email: "disabled@example.org", password: PASSWORD, ip: IP })),
    ]);
    for (const refused of refusals) {
      expect(refused.code).toBe("invalid_credentials");
      expect(refused.message).toBe(refusals[0].message);
    }
  });

  it("refuses the 11th attempt on one address from one network even with the right password; the owner elsewhere still signs in", async () => {
    const { service, signUpVerified } = setup();
    await signUpVerified("target@example.org");
    await signUpVerified("neighbour@example.org");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await refusal(service.signIn({ email: "target@example.org", password: `guess number ${attempt}`, ip: IP }))).code).toBe(
        "invalid_credentials",
      );
    }
    const refused = await refusal(service.signIn({ email: "Target@example.org", password: PASSWORD, ip: IP }));
    expect(refused.code).toBe("rate_limited");
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // A guesser cannot lock the owner out from another network, nor the neighbour on the same one.
    expect((await service.signIn({ email: "target@example.org", password: PASSWORD, ip: "198.51.100.7" })).email).toBe(
      "target@example.org",
    );
    expect((await service.signIn({ email: "neighbour@example.org", password: PASSWORD, ip: IP })).email).toBe("neighbour@example.org");
  });

  it("caps attempts on one address across all networks at the higher total ceiling", async () => {
    const { service, signUpVerified } = setup({ limits: { signInPerEmailTotal: { limit: 5, windowMs: 60_000 } } });
    await signUpVerified("spread@example.org");
    for (let network = 1; network <= 5; network += 1) {
      await refusal(service.signIn({ email: "spread@example.org", password: "wrong guess!", ip: `198.51.${network}.9` }));
    }
    expect((await refusal(service.signIn({ email: "spread@example.org", password: PASSWORD, ip: "192.0.2.1" }))).code).toBe("rate_limited");
  });

  it("keeps the owner in from their own network while 100 wrong passwords from 10 other networks spend the address's total", async () => {
    const { service, signUpVerified } = setup();
    // Verified from IP: the owner's network. A first sign-in from a second network of theirs makes it known too.
    await signUpVerified("owner@example.org");
    const travelling = "192.0.2.44";
    await service.signIn({ email: "owner@example.org", password: PASSWORD, ip: travelling });
    for (let network = 1; network <= 10; network += 1) {
      for (let guess = 1; guess <= 10; guess += 1) {
        await refusal(service.signIn({ email: "owner@example.org", password: `guess ${network}-${guess}`, ip: `198.51.${network}.20` }));
      }
    }
    // The total from everywhere is spent: a network the address never signed in from is refused, even with the password.
    expect((await refusal(service.signIn({ email: "owner@example.org", password: PASSWORD, ip: "100.64.9.9" }))).code).toBe("rate_limited");
    // Both of the owner's networks still let the owner in, again and again: a right password costs nothing.
    for (let again = 0; again < 12; again += 1) {
      expect((await service.signIn({ email: "owner@example.org", password: PASSWORD, ip: again % 2 === 0 ? IP : travelling })).email).toBe(
        "owner@example.org",
      );
    }
  });

  it("charges failures, not attempts: the owner signs in more often than the per-network limit", async () => {
    const { service, signUpVerified } = setup();
    await signUpVerified("frequent@example.org");
    for (let again = 0; again < 15; again += 1)
      await service.signIn({ email: "frequent@example.org", password: PASSWORD, ip: "203.0.113.77" });
    // Nine failures later the pair's budget (10) still has room for the right password.
    for (let guess = 0; guess < 9; guess += 1)
      await refusal(service.signIn({ email: "frequent@example.org", password: "typo typo!", ip: "203.0.113.77" }));
    expect((await service.signIn({ email: "frequent@example.org", password: PASSWORD, ip: "203.0.113.77" })).email).toBe(
      "frequent@example.org",
    );
  });

  it("rehashes a password stored with weaker settings, and the new hash verifies", async () => {
    const weak = setup();
    await weak.signUpVerified("old@example.org");
    const before = (await weak.store.findByEmail("old@example.org"))!.passwordHash;
    const stronger = { N: 2 ** 11, r: 8, p: 1 };
    const service = createAccountService({ ...weak.options, passwordCost: stronger });
    const setPasswordHash = vi.spyOn(weak.store, "setPasswordHash");
    await service.signIn({ email: "old@example.org", password: PASSWORD, ip: IP });
    expect(setPasswordHash).toHaveBeenCalledTimes(1);
    const after = (await weak.store.findByEmail("old@example.org"))!.passwordHash;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^scrypt\$2048\$8\$1\$/);
    await service.signIn({ email: "old@example.org", password: PASSWORD, ip: IP });
    // Equal settings: no second rehash.
    expect(setPasswordHash).toHaveBeenCalledTimes(1);
  });

  it("does not rehash after a failed sign-in", async () => {
    const weak = setup();
    await weak.signUpVerified("kept@example.org");
    const service = createAccountService({ ...weak.options, passwordCost: { N: 2 ** 11, r: 8, p: 1 } });
    const setPasswordHash = vi.spyOn(weak.store, "setPasswordHash");
    await refusal(service.signIn({ email: "kept@example.org", password: "not the password", ip: IP }));
    expect(setPasswordHash).not.toHaveBeenCalled();
  });

  it("never lets a password longer than the maximum in, nor store it in a rehash", async () => {
    const weak = setup();
    const password = "p".repeat(256);
    await weak.signUpVerified("long@example.org", password);
    const service = createAccountService({ ...weak.options, passwordCost: { N: 2 ** 11, r: 8, p: 1 } });
    expect((await refusal(service.signIn({ email: "long@example.org", password: `${password}and more`, ip: IP }))).code).toBe(
      "invalid_credentials",
    );
    // The real password still works, and rehashing it keeps it working.
    await service.signIn({ email: "long@example.org", password, ip: IP });
    await service.signIn({ email: "long@example.org", password, ip: IP });
  });

  it("refuses a damaged stored hash as a wrong password", async () => {
    const { service, store, signUpVerified } = setup();
    const account = await signUpVerified("damaged@example.org");
    await store.setPasswordHash(
      account.accountId,
      `scrypt$1000$8$1$${(await hashPassword(PASSWORD, CHEAP)).split("$").slice(4).join("$")}`,
    );
    expect((await refusal(service.signIn({ email: "damaged@example.org", password: PASSWORD, ip: IP }))).code).toBe("invalid_credentials");
  });
});
