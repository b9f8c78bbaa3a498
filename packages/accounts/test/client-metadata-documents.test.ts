import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_METADATA_FETCH_LIMIT } from "../src/oauth/create-authorization-server.js";
import { connectWithSignIn } from "./support/connect-with-sign-in.js";
import { createTestOAuthClient } from "./support/create-test-oauth-client.js";
import { createPerson, createPkce, REDIRECT_URI } from "./support/oauth-browser.js";
import { startTestAccounts, type TestAccounts } from "./support/start-test-accounts.js";

const CLIENT_URL = "https://assistant.example/oauth/client-metadata.json";

/** A client's metadata document as an MCP host publishes it: a public client, PKCE, a loopback callback. */
const documentOf = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  client_name: "Example Assistant",
  redirect_uris: [REDIRECT_URI],
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
  token_endpoint_auth_method: "none",
  ...overrides,
});
const json =
  (body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", ...headers } });

let server: TestAccounts;
beforeAll(async () => {
  server = await startTestAccounts();
});
afterAll(() => server.close());

/** An authorization request naming `clientId`, as a client starts it; the page it ends on. */
const authorizeAs = async (clientId: string) => {
  const person = createPerson(server, `someone-${Math.random().toString(36).slice(2)}@example.org`);
  const answer = await person.authorize({ clientId, challenge: createPkce().challenge });
  return { status: answer.response.status, location: answer.location, html: answer.html ?? (await answer.response.text()) };
};

describe("OAuth Client ID Metadata Documents", () => {
  it("are advertised in the authorization server's metadata, beside dynamic registration", async () => {
    const metadata = (await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.registration_endpoint).toBe(`${server.baseUrl}/oauth/register`);
  });

  it("let an MCP client sign in with its document's URL as client_id, without registering, and fetch the document once", async () => {
    server.publish(CLIENT_URL, json(documentOf(CLIENT_URL), { "cache-control": "max-age=3600" }));
    for (const name of ["curie", "noether"]) {
      const person = createPerson(server, `${name}@example.org`);
      await person.signUp();
      await person.verify();
      const oauth = createTestOAuthClient({ clientMetadataUrl: CLIENT_URL });
      const client = await connectWithSignIn(server, oauth, person);
      // The SDK used the URL as client_id: had it registered (RFC 7591), the server would have named the client.
      expect(oauth.stored.client?.client_id).toBe(CLIENT_URL);
      expect(new URL(oauth.authorizationUrl!).searchParams.get("client_id")).toBe(CLIENT_URL);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("service_get_scan");
      await client.close();
    }
    // Cached for its max-age: the second person's sign-in fetched nothing.
    expect(server.fetchedDocuments.filter((url) => url === CLIENT_URL)).toHaveLength(1);
  });

  it.each([
    ["names another client_id", "https://assistant.example/other.json", json(documentOf("https://elsewhere.example/client.json"))],
    ["is not found", "https://assistant.example/missing.json", () => new Response("no", { status: 404 })],
    ["redirects", "https://assistant.example/moved.json", () => new Response(null, { status: 302, headers: { location: CLIENT_URL } })],
    ["is not JSON", "https://assistant.example/page.json", () => new Response("<html></html>", { status: 200 })],
    [
      "is larger than 5 KiB",
      "https://assistant.example/huge.json",
      json(documentOf("https://assistant.example/huge.json", { client_name: "x".repeat(6000) })),
    ],
    [
      "uses a client secret",
      "https://assistant.example/secret.json",
      json(documentOf("https://assistant.example/secret.json", { token_endpoint_auth_method: "client_secret_post" })),
    ],
    [
      "returns to a plain-http host",
      "https://assistant.example/http.json",
      json(documentOf("https://assistant.example/http.json", { redirect_uris: ["http://evil.example/cb"] })),
    ],
  ])("refuse a document that %s, on this server's error page (no redirect to the client)", async (_case, url, answer) => {
    server.publish(url, answer);
    const outcome = await authorizeAs(url);
    expect(outcome.status).toBe(400);
    expect(outcome.location).toBeNull();
    expect(outcome.html).toMatch(/invalid_client|invalid_redirect_uri/);
  });

  it.each([
    ["a metadata address", "https://169.254.169.254/latest/client.json"],
    ["a loopback name", "https://localhost/client.json"],
    ["a private address", "https://10.0.0.7/client.json"],
  ])("never fetch a document on %s: the egress guard refuses it first", async (_case, url) => {
    const outcome = await authorizeAs(url);
    expect(outcome.status).toBe(400);
    expect(outcome.html).toMatch(/invalid_client/);
    expect(server.fetchedDocuments).not.toContain(url);
  });
});

describe("the fetch limit of Client ID Metadata Documents", () => {
  let limited: TestAccounts;
  beforeAll(async () => {
    limited = await startTestAccounts();
  });
  afterAll(() => limited.close());

  it("stops a network that names one new document URL after another, without fetching past the limit", async () => {
    const person = createPerson(limited, "mallory@example.org");
    const urls = Array.from({ length: CLIENT_METADATA_FETCH_LIMIT.limit + 1 }, (_, index) => `https://assistant.example/c/${index}.json`);
    for (const url of urls) await person.authorize({ clientId: url, challenge: createPkce().challenge });
    expect(limited.fetchedDocuments).toEqual(urls.slice(0, CLIENT_METADATA_FETCH_LIMIT.limit));
  });
});
