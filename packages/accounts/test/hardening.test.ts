import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPerson, createPkce, registerClient, REDIRECT_URI } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts } from "./support/start-test-accounts.js";

/** Cases from the security review of the accounts and the authorization server, one test each. */
let server: TestAccounts;
beforeAll(async () => {
  server = await startTestAccounts({ limits: { mailsPerAddress: { limit: 3, windowMs: 24 * 3600_000 } } });
});
afterAll(() => server.close());

const register = (path: string, redirectUris = [REDIRECT_URI]) =>
  fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      redirect_uris: redirectUris,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
    }),
  });

describe("the accounts and the authorization server, hardened", () => {
  it("refuses addresses a mailer could read as another recipient", async () => {
    for (const email of [
      "x<a@mailinator.com>",
      "v@corp.example>",
      "a,b@example.org",
      '"quoted"@example.org',
      "a@b",
      "a..b@example.org",
      "a@-b.example",
    ]) {
      const response = await createPerson(server, email).signUp();
      expect(response.status, email).toBe(400);
    }
  });

  it("sends at most three mails a day to one address, however many sign-ups name it", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await createPerson(server, "bombed@example.org").signUp()).status).toBe(200);
    expect(server.mail.filter((message) => message.to === "bombed@example.org")).toHaveLength(3);
  });

  it("has no logout redirect and no unrouted pushed-authorization endpoint", async () => {
    const metadata = (await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.end_session_endpoint).toBeUndefined();
    expect(metadata.pushed_authorization_request_endpoint).toBeUndefined();
    const logout = await fetch(`${server.baseUrl}/oauth/logout?post_logout_redirect_uri=https://evil.example/`, { redirect: "manual" });
    expect(logout.headers.get("location")).toBeNull();
  });

  it("counts a registration with a trailing slash against the same limit", async () => {
    const isolated = await startTestAccounts();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 22; index += 1) {
        statuses.push(
          (
            await fetch(`${isolated.baseUrl}/oauth/register${index % 2 === 0 ? "/" : ""}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
            })
          ).status,
        );
      }
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(20);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await isolated.close();
    }
  });

  it("registers only https redirect URIs, or http ones on a loopback host (the MCP rule)", async () => {
    for (const uri of ["http://evil.example/cb", "myapp://callback", "javascript:alert(1)", "http://10.0.0.1/cb"]) {
      const response = await register("/oauth/register", [uri]);
      expect(response.status, uri).toBe(400);
      expect(((await response.json()) as { error: string }).error, uri).toMatch(/invalid_redirect_uri|invalid_client_metadata/);
    }
    for (const uri of ["https://app.example/cb", "http://127.0.0.1:43111/cb", "http://localhost:8080/cb", "http://[::1]:9/cb"]) {
      expect((await register("/oauth/register", [uri])).status, uri).toBe(201);
    }
  });

  it("never redirects an authorization error to a registered URI without interaction (no open redirect)", async () => {
    const { client_id: clientId } = await registerClient(server.baseUrl, ["https://evil.example/cb"]);
    const cases: Array<Record<string, string>> = [
      { prompt: "none" },
      { code_challenge_method: "plain" },
      {},
      { response_mode: "form_post" },
    ];
    for (const extra of cases) {
      const url = new URL(`${server.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: "https://evil.example/cb",
        scope: "mcp",
        ...(Object.keys(extra).length === 0 ? {} : { code_challenge: createPkce().challenge }),
        ...extra,
      }).toString();
      const response = await fetch(url, { redirect: "manual" });
      expect(response.headers.get("location"), JSON.stringify(extra)).toBeNull();
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(await response.text()).toContain("Authorization failed");
    }
  });

  it("reads a registration before charging it: bodies that are not registrations cost nothing", async () => {
    const isolated = await startTestAccounts();
    try {
      // Bodies that are not registrations at all cost nothing.
      for (let index = 0; index < 25; index += 1) {
        const broken = await fetch(`${isolated.baseUrl}/oauth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "x".repeat(20_000),
        });
        expect(broken.status).toBe(413);
      }
      expect((await registerClient(isolated.baseUrl)).client_id).toBeTruthy();
    } finally {
      await isolated.close();
    }
  });

  it("does not let the provider's pages be framed", async () => {
    const response = await register("/oauth/register");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const error = await fetch(`${server.baseUrl}/oauth/authorize?client_id=nobody`);
    expect(error.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("ends the authorization server's sign-in too when the dashboard signs out", async () => {
    const person = createPerson(server, "shared-computer@example.org");
    await person.signUp();
    await person.verify();
    const { client_id: clientId } = await registerClient(server.baseUrl);
    const signedIn = await person.authorize({ clientId, challenge: createPkce().challenge });
    expect(signedIn.location).toContain("code=");
    const { csrf } = await person.csrfOf("/account");
    expect((await person.jar.request(`${server.baseUrl}/account/sign-out`, { method: "POST", form: { csrf: csrf! } })).status).toBe(303);
    // The next client in this browser is asked to sign in again, not sent straight to consent.
    const { client_id: next } = await registerClient(server.baseUrl);
    const url = new URL(`${server.baseUrl}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: next,
      redirect_uri: REDIRECT_URI,
      code_challenge: createPkce().challenge,
      code_challenge_method: "S256",
      scope: "mcp",
    }).toString();
    let response = await person.jar.request(url.href);
    while (response.status === 303 || response.status === 302)
      response = await person.jar.request(new URL(response.headers.get("location")!, server.baseUrl).href);
    expect(await response.text()).toContain("<h1>Sign in</h1>");
  });
});
