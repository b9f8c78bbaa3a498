import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import type { createTestOAuthClient } from "./create-test-oauth-client.js";
import type { createPerson } from "./oauth-browser.js";
import type { TestAccounts } from "./start-test-accounts.js";

/**
 * Connects an MCP client to the test server's /mcp through its OAuth provider, as a host does: the first
 * connection's 401 sends it through discovery, registration (or its metadata document) and the authorization
 * request; the person answers the sign-in and consent pages; the code is exchanged; the client connects.
 */
export async function connectWithSignIn(
  server: TestAccounts,
  oauth: ReturnType<typeof createTestOAuthClient>,
  person: ReturnType<typeof createPerson>,
): Promise<Client> {
  const url = new URL("/mcp", server.baseUrl);
  const first = new Client({ name: "test-assistant", version: "1.0.0" });
  await expect(first.connect(new StreamableHTTPClientTransport(url, { authProvider: oauth }))).rejects.toBeInstanceOf(UnauthorizedError);
  expect(oauth.authorizationUrl).not.toBeNull();
  const answer = await person.authorizeUrl(oauth.authorizationUrl!.href);
  const code = new URL(answer.location!).searchParams.get("code")!;
  const transport = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  await transport.finishAuth(code);
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: oauth }));
  return client;
}
