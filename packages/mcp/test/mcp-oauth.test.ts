import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalService } from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { createMcpHttpHandler, createProtectedResourceMetadataHandler } from "../src/index.js";
import { BASE_URL, createTestMcp } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";

/**
 * /mcp as an OAuth resource server: access tokens of the configured issuer, for this resource, with scope
 * `mcp`, list the tools their scopes allow; every other token is refused at the HTTP layer with the
 * challenge that points MCP clients at the resource metadata. API keys keep working beside them.
 */
const ISSUER = "https://auth.example.org";
const RESOURCE = `${BASE_URL}/mcp`;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;
let mcp: Awaited<ReturnType<typeof createTestMcp>>;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair("ES256")).privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" };
  mcp = await createTestMcp({ oauth: { issuer: ISSUER, jwks: { keys: [publicJwk] } } });
});
afterAll(() => mcp.close());

interface TokenInput {
  scope?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
  key?: CryptoKey;
  subject?: string;
}
const token = (input: TokenInput = {}) =>
  new SignJWT({ scope: input.scope ?? "mcp scan:read" })
    .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "at+jwt" })
    .setIssuer(input.issuer ?? ISSUER)
    .setAudience(input.audience ?? RESOURCE)
    .setSubject(input.subject ?? "user-42")
    .setIssuedAt()
    .setExpirationTime(input.expiresIn ?? "5m")
    .sign(input.key ?? signingKey);

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const post = (authorization: string | null) =>
  fetch(`${mcp.origin}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(authorization === null ? {} : { authorization }),
    },
    body: JSON.stringify(initialize),
  });

describe("OAuth access tokens on /mcp", () => {
  it("lists the tools a valid token's scopes allow, and calls them", async () => {
    const reader = await mcp.connect("http", { surface: "hosted", token: await token() });
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    // Every tool but the scan: a token without scan:create reads.
    expect(names.sort()).toEqual(SCAN_TOOL_NAMES.filter((name) => name !== "service_scan_site").sort());
    const scanner = await mcp.connect("http", { surface: "hosted", token: await token({ scope: "mcp scan:read scan:create" }) });
    const scanned = (await scanner.callTool({
      name: "service_scan_site",
      arguments: { url: "https://www.oauth.example/" },
    })) as CallToolResult;
    expect(scanned.structuredContent).toMatchObject({ status: "completed" });
  });

  it("keeps accepting API keys", async () => {
    const client = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("self_serve") });
    expect((await client.listTools()).tools).toHaveLength(SCAN_TOOL_NAMES.length - 1);
  });

  it.each<[string, () => Promise<string>]>([
    ["no token", () => Promise.resolve("")],
    ["a token for another resource (audience)", () => token({ audience: "https://other.example/mcp" })],
    ["an expired token", () => token({ expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ["a token of another issuer", () => token({ issuer: "https://evil.example" })],
    ["a token signed by another key", () => token({ key: otherKey })],
    [
      "an unsigned token (alg none)",
      () =>
        Promise.resolve(`${b64({ alg: "none", typ: "JWT" })}.${b64({ iss: ISSUER, aud: RESOURCE, sub: "x", exp: 4e9, scope: "mcp" })}.`),
    ],
  ])("refuses %s with 401 and a challenge naming the resource metadata", async (_case, make) => {
    const value = await make();
    const response = await post(value === "" ? null : `Bearer ${value}`);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer realm="public-scan", resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it("holds a signed-in reader to a self-serve key's 60 requests a minute; an account granted scan:create is not", async () => {
    const reader = `Bearer ${await token({ subject: "busy-reader" })}`;
    for (let index = 0; index < 60; index += 1) expect((await post(reader)).status, `request ${index + 1}`).toBe(200);
    const refused = await post(reader);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const creator = `Bearer ${await token({ subject: "busy-creator", scope: "mcp scan:read scan:create" })}`;
    for (let index = 0; index < 61; index += 1) expect((await post(creator)).status, `request ${index + 1}`).toBe(200);
  });

  it("refuses a valid token without the mcp scope with 403 insufficient_scope", async () => {
    const response = await post(`Bearer ${await token({ scope: "scan:read" })}`);
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="mcp"');
  });
});

describe("the protected-resource metadata", () => {
  it("names the resource, its authorization server and scopes, readable from any origin", async () => {
    const handler = createProtectedResourceMetadataHandler({ baseUrl: BASE_URL, oauth: { issuer: ISSUER, jwks: { keys: [publicJwk] } } });
    const response = await handler(new Request(`${BASE_URL}/.well-known/oauth-protected-resource/mcp`));
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      resource: RESOURCE,
      authorization_servers: [ISSUER],
      scopes_supported: ["mcp", "scan:read", "scan:create"],
      bearer_methods_supported: ["header"],
      resource_name: "public-scan MCP",
    });
    expect((await handler(new Request(RESOURCE, { method: "POST" }))).status).toBe(405);
  });
});

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("a deployment behind a path prefix", () => {
  it("names the resource metadata under its base URL's path in the 401 challenge", async () => {
    const local = await createLocalService({
      scanner: { scan: () => new Promise(() => {}), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org/scan-service" },
    });
    try {
      const handler = createMcpHttpHandler({
        service: local.deps,
        surface: "hosted",
        keys: createMemoryKeyStore(),
        oauth: { issuer: ISSUER, jwks: { keys: [publicJwk] } },
      });
      const response = await handler(
        new Request("https://scan.example.org/scan-service/mcp", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
        { clientAddress: "203.0.113.5" },
      );
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(
        'Bearer realm="public-scan", resource_metadata="https://scan.example.org/scan-service/.well-known/oauth-protected-resource/mcp"',
      );
      handler.close();
    } finally {
      await local.close();
    }
  });
});
