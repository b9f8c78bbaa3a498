import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar, hiddenValue } from "./support/cookie-jar.js";
import { createPerson } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts } from "./support/start-test-accounts.js";

let server: TestAccounts;
beforeAll(async () => {
  server = await startTestAccounts();
});
afterAll(() => server.close());

/** A verified person signed in to the dashboard. */
async function signedIn(email: string) {
  const person = createPerson(server, email);
  await person.signUp();
  await person.verify();
  const response = await person.signIn();
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/account");
  return person;
}

describe("sign-up and email verification", () => {
  it("mails a single-use link; an address that has an account gets a note, and the page says the same", async () => {
    const person = createPerson(server, "Ada.Lovelace@Example.org");
    const first = await person.signUp();
    expect(await first.text()).toContain("Check your email");
    const link = server.linkFor("ada.lovelace@example.org");
    expect(link).toMatch(/\/account\/verify\?token=/);
    // Opening the link (as a mail scanner would) verifies nothing: its page asks for the password.
    expect(await (await person.jar.request(link!)).text()).toContain("Enter the password you chose");
    expect((await server.store.findByEmail("ada.lovelace@example.org"))?.emailVerifiedAt).toBeNull();
    expect((await person.verify("not the password at all")).status).toBe(401);
    expect((await person.verify()).status).toBe(200);
    expect((await server.store.findByEmail("ada.lovelace@example.org"))?.emailVerifiedAt).not.toBeNull();
    // Used once: the same link is refused afterwards.
    expect((await person.jar.request(link!)).status).toBe(400);
    const again = await createPerson(server, "ada.lovelace@example.org").signUp();
    expect(await again.text()).toContain("Check your email");
    expect(server.mail.at(-1)?.subject).toMatch(/Sign-up attempt/);
    expect(server.mail.at(-1)?.text).not.toMatch(/verify\?token=/);
  });

  it("refuses a disposable address, a short password and a malformed email, with a 400 and the reason", async () => {
    for (const [email, password, reason] of [
      ["someone@mailinator.com", "long enough password", /permanent email/],
      ["short@example.org", "short", /10 to 256 characters/],
      ["not-an-email", "long enough password", /valid email/],
    ] as const) {
      const person = createPerson(server, email, password);
      const response = await person.signUp();
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(reason);
    }
  });

  it("answers a wrong password and an unknown address with the same 401", async () => {
    const person = await signedIn("turing@example.org");
    const wrong = await person.signIn("not the password");
    const unknown = await createPerson(server, "nobody@example.org").signIn();
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const text = async (response: Response) => (await response.text()).replace(/value="[^"]*"/g, "");
    expect(await text(wrong)).toContain("The email or the password is wrong.");
    expect(await text(unknown)).toContain("The email or the password is wrong.");
  });
});

describe("CSRF protection on every form", () => {
  it("refuses a form without a token, with another browser's token, or sent from another site", async () => {
    const person = await signedIn("csrf@example.org");
    const { csrf } = await person.csrfOf("/account");
    const attempts: Array<{ form: Record<string, string>; headers?: Record<string, string> }> = [
      { form: {} },
      { form: { csrf: hiddenValue(await (await createCookieJar().request(`${server.baseUrl}/account/sign-in`)).text(), "csrf") ?? "" } },
      { form: { csrf: csrf! }, headers: { "sec-fetch-site": "cross-site" } },
      { form: { csrf: csrf! }, headers: { origin: "https://evil.example" } },
    ];
    for (const attempt of attempts) {
      const response = await person.jar.request(`${server.baseUrl}/account/keys`, {
        method: "POST",
        form: attempt.form,
        headers: attempt.headers ?? {},
      });
      expect(response.status).toBe(403);
    }
    const session = await server.accounts.sessions.resolve({ cookieHeader: person.jar.header() });
    expect(await server.keys.listByOwner(session!.accountId!)).toEqual([]);
  });
});

describe("the dashboard's keys", () => {
  it("issues a read-only key from the page, lists it, and revokes it", async () => {
    const person = await signedIn("keys@example.org");
    const { csrf } = await person.csrfOf("/account");
    const issued = await person.jar.request(`${server.baseUrl}/account/keys`, { method: "POST", form: { csrf: csrf!, name: "laptop" } });
    expect(issued.status).toBe(200);
    const html = await issued.text();
    const token = /<input id="new-key-value" class="key" type="text" readonly value="(svc_ro_[^"]+)">/.exec(html)?.[1];
    expect(token).toBeDefined();
    expect(html).toContain("laptop");
    // Ready to use: curl calls and the MCP host configuration name this deployment and the new key, and the
    // copy buttons' one script is allowed by hash (the page runs nothing else).
    expect(html).toContain(`<code>curl -s ${server.baseUrl}/api/v2/auth/check -H &quot;Authorization: Bearer ${token}&quot;</code>`);
    expect(html).toContain(`&quot;url&quot;: &quot;${server.baseUrl}/mcp&quot;`);
    expect(html).toMatch(/<button type="button" data-copy="new-key-value" hidden>Copy the key<\/button>/);
    expect(issued.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(issued.headers.get("cache-control")).toBe("no-store");
    // Without a new key the dashboard runs no script at all.
    const plain = await person.jar.request(`${server.baseUrl}/account`);
    expect(plain.headers.get("content-security-policy")).toContain("script-src 'none'");
    // The key works on the REST API.
    expect((await fetch(`${server.baseUrl}/api/v2/auth/check`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const keyId = /action="\/account\/keys\/(key_\w+)\/revoke"/.exec(html)?.[1];
    const revoked = await person.jar.request(`${server.baseUrl}/account/keys/${keyId}/revoke`, { method: "POST", form: { csrf: csrf! } });
    expect(revoked.status).toBe(303);
    expect((await fetch(`${server.baseUrl}/api/v2/auth/check`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const actions = (await server.audit.list()).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(["key_issued", "key_revoked"]));
  });

  it("will not revoke another account's key, and says no such key", async () => {
    const owner = await signedIn("owner@example.org");
    const { csrf } = await owner.csrfOf("/account");
    const html = await (await owner.jar.request(`${server.baseUrl}/account/keys`, { method: "POST", form: { csrf: csrf! } })).text();
    const keyId = /action="\/account\/keys\/(key_\w+)\/revoke"/.exec(html)![1]!;
    const other = await signedIn("other@example.org");
    const otherCsrf = (await other.csrfOf("/account")).csrf!;
    const response = await other.jar.request(`${server.baseUrl}/account/keys/${keyId}/revoke`, {
      method: "POST",
      form: { csrf: otherCsrf },
    });
    expect(response.status).toBe(404);
    expect((await server.keys.get(keyId))?.revokedAt).toBeNull();
  });

  it("POST /api/v2/keys/request issues a key to the signed-in session, and refuses cross-site calls and signed-out ones", async () => {
    const person = await signedIn("rest@example.org");
    const call = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/v2/keys/request`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ name: "cli" }),
      });
    const issued = await call({ cookie: person.jar.header(), "sec-fetch-site": "same-origin" });
    expect(issued.status).toBe(201);
    expect(((await issued.json()) as { key: string }).key).toMatch(/^svc_ro_/);
    expect((await call({ cookie: person.jar.header(), "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await call({})).status).toBe(401);
    const session = await server.accounts.sessions.resolve({ cookieHeader: person.jar.header() });
    expect((await server.keys.listByOwner(session!.accountId!)).map((key) => key.name)).toEqual(["cli"]);
  });

  it("signing out ends the session, and disabling the account ends every session at once", async () => {
    const person = await signedIn("leaver@example.org");
    const { csrf } = await person.csrfOf("/account");
    const cookie = person.jar.header();
    expect((await person.jar.request(`${server.baseUrl}/account/sign-out`, { method: "POST", form: { csrf: csrf! } })).status).toBe(303);
    expect(await server.accounts.sessions.resolve({ cookieHeader: cookie })).toBeNull();

    const disabled = await signedIn("disabled@example.org");
    const account = await server.store.findByEmail("disabled@example.org");
    await server.store.disable(account!.accountId, new Date().toISOString());
    const page = await disabled.jar.request(`${server.baseUrl}/account`);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/account/sign-in");
  });
});

describe("hostile input", () => {
  it("never redirects off the site after sign-in, whatever return_to says", async () => {
    const person = createPerson(server, "redirects@example.org");
    await person.signUp();
    await person.verify();
    for (const target of ["//evil.example/", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/%0d%0aSet-Cookie:x=1"]) {
      const { csrf } = await person.csrfOf("/account/sign-in");
      const response = await person.jar.request(`${server.baseUrl}/account/sign-in`, {
        method: "POST",
        form: { csrf: csrf!, email: person.email, password: person.password, return_to: target },
      });
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, server.baseUrl).origin).toBe(server.baseUrl);
      expect(location.startsWith("//")).toBe(false);
    }
  });

  it("escapes what it echoes, and refuses oversized and non-form bodies", async () => {
    const jar = createCookieJar();
    const page = await jar.request(`${server.baseUrl}/account/sign-in`);
    const csrf = hiddenValue(await page.text(), "csrf")!;
    const hostile = await jar.request(`${server.baseUrl}/account/sign-in`, {
      method: "POST",
      form: { csrf, email: '"><script>alert(1)</script>', password: "x" },
    });
    const html = await hostile.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
    expect(hostile.headers.get("content-security-policy")).toContain("script-src 'none'");
    const huge = await jar.request(`${server.baseUrl}/account/sign-in`, {
      method: "POST",
      form: { csrf, email: "a".repeat(20_000), password: "x" },
    });
    expect(huge.status).toBe(400);
    const json = await jar.request(`${server.baseUrl}/account/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrf, email: "a@example.org", password: "x" }),
    });
    expect(json.status).toBe(400);
  });

  it("ignores a forged Host header: the metadata names the configured issuer only", async () => {
    const response = await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`, {
      headers: { "x-forwarded-host": "evil.example" },
    });
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(server.baseUrl);
    expect(JSON.stringify(metadata)).not.toContain("evil.example");
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.registration_endpoint).toBe(`${server.baseUrl}/oauth/register`);
    expect(metadata.response_types_supported).toEqual(["code"]);
  });
});
