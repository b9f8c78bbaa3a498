import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { createPerson, createPkce, exchangeCode, refresh, registerClient } from "./support/oauth-browser.js";
import { startTestAccounts } from "./support/start-test-accounts.js";

describe("a restart on the same data directory (SQLite file, keyv store on it, oauth-keys.json)", () => {
  it("keeps accounts, sessions, registered clients, refresh tokens and the signing keys", async () => {
    const first = await startTestAccounts({ stores: "sqlite" });
    const person = createPerson(first, "restart@example.org");
    await person.signUp();
    await person.verify();
    expect((await person.signIn()).status).toBe(303);
    const { client_id: clientId } = await registerClient(first.baseUrl);
    const pkce = createPkce();
    const answer = await person.authorize({ clientId, challenge: pkce.challenge });
    const token = await exchangeCode(first.baseUrl, {
      clientId,
      code: new URL(answer.location!).searchParams.get("code")!,
      verifier: pkce.verifier,
    });
    const accessToken = String(token.body.access_token);
    const kid = JSON.parse(Buffer.from(accessToken.split(".")[0]!, "base64url").toString("utf8")) as { kid: string };
    await first.close();

    const second = await startTestAccounts({ stores: "sqlite", restartOf: { directory: first.directory, port: first.port } });
    try {
      // The access token issued before the restart still opens /mcp: same signing key, same issuer.
      const mcp = await fetch(`${second.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${accessToken}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      expect(mcp.status).toBe(200);
      const renewed = await refresh(second.baseUrl, { clientId, refreshToken: String(token.body.refresh_token) });
      expect(renewed.status).toBe(200);
      expect(
        (JSON.parse(Buffer.from(String(renewed.body.access_token).split(".")[0]!, "base64url").toString("utf8")) as { kid: string }).kid,
      ).toBe(kid.kid);
      expect(decodeJwt(String(renewed.body.access_token)).sub).toBe(decodeJwt(accessToken).sub);
      // The dashboard session survived too.
      expect(await second.accounts.sessions.resolve({ cookieHeader: person.jar.header() })).toMatchObject({ email: "restart@example.org" });
    } finally {
      await second.close();
    }
  });
});
