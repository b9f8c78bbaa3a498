import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectWithSignIn } from "./support/connect-with-sign-in.js";
import { createTestOAuthClient } from "./support/create-test-oauth-client.js";
import { createPerson } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts } from "./support/start-test-accounts.js";

let server: TestAccounts;
beforeAll(async () => {
  server = await startTestAccounts();
});
afterAll(() => server.close());

describe("an MCP client with the SDK's OAuth support against the hosted /mcp", () => {
  it("discovers the authorization server from the 401, registers, authorizes with PKCE and lists the tools its scopes allow", async () => {
    const person = createPerson(server, "hopper@example.org");
    await person.signUp();
    await person.verify();
    const oauth = createTestOAuthClient();
    const client = await connectWithSignIn(server, oauth, person);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    // scan:read and mcp: the read tools, not the scan-creating one (scan:create is support-gated).
    expect(tools).toContain("service_get_scan");
    expect(tools).not.toContain("service_scan_site");
    await client.close();
  });

  it("refreshes an access token that stopped working, and is sent back to sign in once the grant is revoked", async () => {
    const person = createPerson(server, "lovelace@example.org");
    await person.signUp();
    await person.verify();
    const oauth = createTestOAuthClient();
    const client = await connectWithSignIn(server, oauth, person);
    await client.close();
    const refreshToken = oauth.stored.tokens!.refresh_token!;
    // A token the server does not accept (as an expired one): the client refreshes and carries on.
    oauth.stored.tokens = { ...oauth.stored.tokens!, access_token: "not-a-valid-token" };
    const again = new Client({ name: "test-assistant", version: "1.0.0" });
    await again.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.baseUrl), { authProvider: oauth }));
    expect(oauth.stored.tokens.access_token).not.toBe("not-a-valid-token");
    expect(oauth.stored.tokens.refresh_token).not.toBe(refreshToken);
    await again.close();

    const clientInfo = await oauth.clientInformation();
    const revoked = await fetch(`${server.baseUrl}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: oauth.stored.tokens.refresh_token!, client_id: clientInfo!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    oauth.stored.tokens = { ...oauth.stored.tokens, access_token: "not-a-valid-token" };
    oauth.authorizationUrl = null;
    const third = new Client({ name: "test-assistant", version: "1.0.0" });
    await expect(
      third.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.baseUrl), { authProvider: oauth })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(oauth.authorizationUrl).not.toBeNull();
  });
});
