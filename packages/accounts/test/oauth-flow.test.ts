import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPerson, createPkce, exchangeCode, refresh, registerClient, REDIRECT_URI } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts, type TestStores } from "./support/start-test-accounts.js";

// The whole flow on each kind of store oidc-provider's artifacts and the accounts can live in.
describe.each<TestStores>(["memory", "sqlite", "redis"])("on %s stores", (stores) => {
  let server: TestAccounts;
  beforeAll(async () => {
    server = await startTestAccounts({ stores });
  });
  afterAll(() => server.close());

  const codeOf = (location: string | null) => new URL(location ?? "http://invalid/").searchParams.get("code");

  describe("the authorization code flow with PKCE, from sign-up to /mcp", () => {
    it("signs up, verifies, authorizes, exchanges the code and calls /mcp with the access token", async () => {
      const person = createPerson(server, "ada@example.org");
      expect((await person.signUp()).status).toBe(200);
      expect((await person.verify()).status).toBe(200);
      const { client_id: clientId } = await registerClient(server.baseUrl);
      const pkce = createPkce();
      const answer = await person.authorize({ clientId, challenge: pkce.challenge });
      expect(answer.location?.startsWith(REDIRECT_URI)).toBe(true);
      expect(new URL(answer.location!).searchParams.get("state")).toBe("state-123");
      const token = await exchangeCode(server.baseUrl, { clientId, code: codeOf(answer.location)!, verifier: pkce.verifier });
      expect(token.status).toBe(200);
      const claims = decodeJwt(String(token.body.access_token));
      expect(claims.aud).toBe(`${server.baseUrl}/mcp`);
      expect(claims.iss).toBe(server.baseUrl);
      expect(String(claims.scope).split(" ").sort()).toEqual(["mcp", "scan:read"]);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(600);
      expect(typeof token.body.refresh_token).toBe("string");

      const mcp = await fetch(`${server.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${String(token.body.access_token)}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      expect(mcp.status).toBe(200);
      expect(await mcp.text()).toContain("service_get_scan");
    });
  });

  /** A signed-up, verified person with a registered client, ready to authorize. */
  async function readyPerson(email: string) {
    const person = createPerson(server, email);
    await person.signUp();
    await person.verify();
    const { client_id: clientId } = await registerClient(server.baseUrl);
    return { person, clientId };
  }

  async function tokensFor(email: string) {
    const { person, clientId } = await readyPerson(email);
    const pkce = createPkce();
    const answer = await person.authorize({ clientId, challenge: pkce.challenge });
    const token = await exchangeCode(server.baseUrl, { clientId, code: codeOf(answer.location)!, verifier: pkce.verifier });
    return { person, clientId, pkce, answer, token };
  }

  describe("refresh tokens", () => {
    it("rotate on use; reusing a rotated one fails and revokes the whole grant", async () => {
      const { clientId, token } = await tokensFor("grace@example.org");
      const first = String(token.body.refresh_token);
      const rotated = await refresh(server.baseUrl, { clientId, refreshToken: first });
      expect(rotated.status).toBe(200);
      const second = String(rotated.body.refresh_token);
      expect(second).not.toBe(first);
      expect(decodeJwt(String(rotated.body.access_token)).aud).toBe(`${server.baseUrl}/mcp`);
      const reused = await refresh(server.baseUrl, { clientId, refreshToken: first });
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe("invalid_grant");
      // The reuse revoked the grant, so even the newest refresh token is dead.
      expect((await refresh(server.baseUrl, { clientId, refreshToken: second })).body.error).toBe("invalid_grant");
    });

    it("stop working once revoked at the revocation endpoint", async () => {
      const { clientId, token } = await tokensFor("linus@example.org");
      const refreshToken = String(token.body.refresh_token);
      const revoked = await fetch(`${server.baseUrl}/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: refreshToken, client_id: clientId }).toString(),
      });
      expect(revoked.status).toBe(200);
      expect((await refresh(server.baseUrl, { clientId, refreshToken })).body.error).toBe("invalid_grant");
    });

    it("stop working when an operator disables the account", async () => {
      const { clientId, token } = await tokensFor("mallory@example.org");
      const account = await server.store.findByEmail("mallory@example.org");
      await server.store.disable(account!.accountId, new Date().toISOString());
      expect((await refresh(server.baseUrl, { clientId, refreshToken: String(token.body.refresh_token) })).body.error).toBe(
        "invalid_grant",
      );
    });
  });

  describe("hostile authorization requests", () => {
    it("refuses a code redeemed with the wrong PKCE verifier", async () => {
      const { person, clientId } = await readyPerson("pkce@example.org");
      const pkce = createPkce();
      const answer = await person.authorize({ clientId, challenge: pkce.challenge });
      const token = await exchangeCode(server.baseUrl, { clientId, code: codeOf(answer.location)!, verifier: createPkce().verifier });
      expect(token.status).toBe(400);
      expect(token.body.error).toBe("invalid_grant");
    });

    it("refuses a replayed code, and revokes what the first redemption issued", async () => {
      const { clientId, pkce, answer, token } = await tokensFor("replay@example.org");
      expect(token.status).toBe(200);
      const again = await exchangeCode(server.baseUrl, { clientId, code: codeOf(answer.location)!, verifier: pkce.verifier });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe("invalid_grant");
      expect((await refresh(server.baseUrl, { clientId, refreshToken: String(token.body.refresh_token) })).body.error).toBe(
        "invalid_grant",
      );
    });

    it("refuses an authorization request without PKCE", async () => {
      const { person, clientId } = await readyPerson("nopkce@example.org");
      const url = new URL(`${server.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: "mcp",
        state: "s",
      }).toString();
      const response = await person.jar.request(url.href);
      // Shown here, never redirected: before any interaction a registered redirect URI is only what someone
      // registered, and sending errors there would make this server an open redirect.
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("<code>invalid_request</code>");
    });

    it("does not redirect to a redirect URI that was not registered (no open redirect)", async () => {
      const { person, clientId } = await readyPerson("redirect@example.org");
      const answer = await person.authorize({ clientId, challenge: createPkce().challenge, redirectUri: "https://evil.example/steal" });
      expect(answer.location).toBeNull();
      expect(answer.response.status).toBe(400);
      expect(answer.html ?? (await answer.response.text())).not.toContain("evil.example/steal?");
    });

    it("refuses a token for another resource (RFC 8707)", async () => {
      const { person, clientId } = await readyPerson("audience@example.org");
      const answer = await person.authorize({ clientId, challenge: createPkce().challenge, resource: "https://other.example/api" });
      expect(answer.location).toBeNull();
      expect(answer.response.status).toBe(400);
      expect(await answer.response.text()).toContain("<code>invalid_target</code>");
    });

    it("does not grant scan:create to an account without it", async () => {
      const { person, clientId } = await readyPerson("creator@example.org");
      const pkce = createPkce();
      const answer = await person.authorize({ clientId, challenge: pkce.challenge, scope: "scan:read scan:create mcp" });
      const token = await exchangeCode(server.baseUrl, { clientId, code: codeOf(answer.location)!, verifier: pkce.verifier });
      expect(
        String(decodeJwt(String(token.body.access_token)).scope)
          .split(" ")
          .sort(),
      ).toEqual(["mcp", "scan:read"]);
    });

    it("ends with access_denied when the person denies", async () => {
      const { person, clientId } = await readyPerson("deny@example.org");
      const answer = await person.authorize({ clientId, challenge: createPkce().challenge, consent: "deny" });
      expect(new URL(answer.location!).searchParams.get("error")).toBe("access_denied");
    });

    it("will not authorize an account whose email is not verified", async () => {
      const person = createPerson(server, "unverified@example.org");
      await person.signUp();
      const { client_id: clientId } = await registerClient(server.baseUrl);
      const answer = await person.authorize({ clientId, challenge: createPkce().challenge });
      expect(answer.location).toBeNull();
      expect(answer.response.status).toBe(403);
    });
  });
});
