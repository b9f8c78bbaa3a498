import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";

/**
 * The whole path on the reference server, in a real browser: sign up on the page, receive the
 * verification mail over SMTP, follow it, then let an MCP client (the SDK's OAuth support) send the browser
 * through sign-in and consent, and call /mcp with the token it gets. The dashboard's key request too.
 */
const published = new Map<string, unknown>();
const fetchedDocuments: string[] = [];
const webFetch: typeof fetch = (input) => {
  const url = input instanceof Request ? input.url : String(input);
  fetchedDocuments.push(url);
  const document = published.get(url);
  return Promise.resolve(
    document === undefined
      ? new Response("not found", { status: 404 })
      : new Response(JSON.stringify(document), { headers: { "content-type": "application/json" } }),
  );
};

/**
 * An MCP client's OAuth state in memory, as a desktop assistant keeps it on disk; the browser step is the
 * test's: `authorizationUrl` records where the client would send the person.
 */
function createAssistant(input: {
  redirectUrl: string;
  clientMetadata: OAuthClientProvider["clientMetadata"];
  clientMetadataUrl?: string;
}) {
  const stored: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
  const assistant = {
    stored,
    authorizationUrl: null as URL | null,
    provider: {
      redirectUrl: input.redirectUrl,
      clientMetadata: input.clientMetadata,
      ...(input.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: input.clientMetadataUrl }),
      clientInformation: () => stored.client,
      saveClientInformation: (client) => void (stored.client = client),
      tokens: () => stored.tokens,
      saveTokens: (tokens) => void (stored.tokens = tokens),
      redirectToAuthorization: (url) => void (assistant.authorizationUrl = url),
      saveCodeVerifier: (verifier) => void (stored.verifier = verifier),
      codeVerifier: () => stored.verifier!,
    } satisfies OAuthClientProvider,
  };
  return assistant;
}

describe("signing up and authorizing an MCP client on the reference server", () => {
  const mail: Array<{ to: string[]; text: string }> = [];
  let smtp: SMTPServer;
  let callback: Server;
  let callbackUrl: string;
  const codes: string[] = [];
  let dataDir: string;
  let server: ReferenceServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // A real SMTP server in-process: the reference server's nodemailer transport delivers to it.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, done) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          mail.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    // The MCP client's loopback redirect URI, as desktop assistants listen for the code.
    callback = createServer((request, response) => {
      const code = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("code");
      if (code !== null) codes.push(code);
      response.end("You can close this window.");
    });
    await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;

    dataDir = await mkdtemp(join(tmpdir(), "public-scan-oauth-"));
    server = await startReferenceServer(
      parseServeConfig(["--smtp-url", `smtp://127.0.0.1:${smtpPort}`], {
        ...fixtureServeEnv(dataDir),
        PUBLIC_SCAN_PHASES: "pre_consent_only",
      }),
      undefined,
      // The open web as the authorization server fetches MCP clients' metadata documents from it, in process.
      { clientMetadataFetch: webFetch },
    );
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    context = await browser.createBrowserContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.disconnect();
    await server?.close();
    await new Promise((resolve) => callback?.close(resolve));
    await new Promise((resolve) => smtp?.close(() => resolve(undefined)));
    await rm(dataDir, { recursive: true, force: true });
  });

  const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  /**
   * axe on a page, opened again in a second tab of the same browser context (same cookies). axe is a script,
   * which the pages' policy rightly refuses, so that tab bypasses the policy; the test's own tab does not.
   */
  const expectAccessible = async (url: string) => {
    const tab = await context.newPage();
    try {
      await tab.setBypassCSP(true);
      await tab.goto(url);
      await tab.addScriptTag({ content: AXE_SOURCE });
      const results = await tab.evaluate(() =>
        (
          window as unknown as {
            axe: { run(context: Document): Promise<{ passes: unknown[]; violations: Array<{ id: string; impact: string | null }> }> };
          }
        ).axe.run(document),
      );
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => violation.id)).toEqual([]);
      expect(results.passes.length).toBeGreaterThan(10);
    } finally {
      await tab.close();
    }
  };

  const email = "margaret@example.org";
  const password = "a long and memorable passphrase";

  const submit = async (selector = "button[type=submit]") => {
    await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(selector)]);
  };

  it("signs up on the page and confirms the email through the mailed link", async () => {
    await expectAccessible(`${server.url}/account/sign-up`);
    await expectAccessible(`${server.url}/account/sign-in`);
    await page.goto(`${server.url}/account/sign-up`);
    await page.type("#email", email);
    await page.type("#password", password);
    await submit();
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Check your email");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual([email]);
    // Quoted-printable may fold long lines: unfold before looking for the link.
    const body = mail[0]!.text.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = new RegExp(`${server.baseUrl}/account/verify\\?token=[\\w-]+`).exec(body)?.[0];
    expect(link).toBeDefined();
    await expectAccessible(link!);
    await page.goto(link!);
    // The link's page asks for the sign-up's password: following a link alone verifies nothing.
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Confirm your email");
    await page.type("#password", password);
    await submit();
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Email confirmed");
  });

  it("lets an MCP client sign in through the browser (discovery, registration, PKCE, consent) and call /mcp", async () => {
    const assistant = createAssistant({
      redirectUrl: callbackUrl,
      clientMetadata: {
        client_name: "Browser test assistant",
        redirect_uris: [callbackUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      },
    });
    const { provider } = assistant;
    const mcpUrl = new URL(`${server.url}/mcp`);
    await expect(
      new Client({ name: "assistant", version: "1" }).connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(assistant.authorizationUrl).not.toBeNull();
    expect(assistant.authorizationUrl!.searchParams.get("code_challenge_method")).toBe("S256");

    await page.goto(assistant.authorizationUrl!.href);
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Sign in");
    expect(await page.evaluate(() => document.body.innerText)).toContain("Browser test assistant");
    await page.type("#email", email);
    await page.type("#password", password);
    await submit("form:last-of-type button[type=submit]");
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Authorize access");
    const consent = await page.evaluate(() => document.body.innerText);
    expect(consent).toContain("scan:read");
    expect(consent).toContain(email);
    await expectAccessible(page.url());
    await submit(`form[action$="/confirm"] button`);
    expect(codes).toHaveLength(1);

    await new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }).finishAuth(codes[0]!);
    const client = new Client({ name: "assistant", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("service_get_scan");
    expect(tools).not.toContain("service_scan_site");
    await client.close();
    // The signing keys are kept, owner-only, in the data directory, so a restart keeps tokens valid.
    expect((await stat(join(dataDir, "oauth-keys.json"))).mode & 0o777).toBe(0o600);
  });

  it("lets an MCP client that publishes a Client ID Metadata Document sign in with its URL as client_id, no registration", async () => {
    // Published on a host of the fixture web: the server's egress guard admits it (the operator allowed those
    // private addresses), and the test's web answers for it in process (no https server to trust).
    const host = new URL(inject("fixtureWeb").sites[0]!.url).host;
    const CLIENT_METADATA_URL = `https://${host}/oauth/client-metadata.json`;
    const assistant = createAssistant({
      redirectUrl: callbackUrl,
      clientMetadataUrl: CLIENT_METADATA_URL,
      clientMetadata: { client_name: "Metadata document assistant", redirect_uris: [callbackUrl], token_endpoint_auth_method: "none" },
    });
    const { provider, stored } = assistant;
    published.set(CLIENT_METADATA_URL, {
      client_id: CLIENT_METADATA_URL,
      client_name: "Metadata document assistant",
      redirect_uris: [callbackUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    const mcpUrl = new URL(`${server.url}/mcp`);
    await expect(
      new Client({ name: "assistant", version: "1" }).connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(assistant.authorizationUrl!.searchParams.get("client_id")).toBe(CLIENT_METADATA_URL);
    expect(stored.client?.client_id).toBe(CLIENT_METADATA_URL);

    // Still signed in from the test before: the browser goes straight to consent, which names the document's client.
    await page.goto(assistant.authorizationUrl!.href);
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Authorize access");
    expect(await page.evaluate(() => document.body.innerText)).toContain("Metadata document assistant");
    const before = codes.length;
    await submit(`form[action$="/confirm"] button`);
    expect(codes).toHaveLength(before + 1);
    expect(fetchedDocuments).toEqual([CLIENT_METADATA_URL]);

    await new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }).finishAuth(codes.at(-1)!);
    const client = new Client({ name: "assistant", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("service_get_scan");
    await client.close();
  });

  it("issues a read-only key from the dashboard page that reads the REST API", async () => {
    await page.goto(`${server.url}/account`);
    expect(await page.$eval("h1", (heading) => heading.textContent)).toBe("Your account");
    await expectAccessible(`${server.url}/account`);
    await page.type("#name", "browser");
    await submit(`form[action="/account/keys"] button`);
    const key = await page.$eval("#new-key-value", (element) => (element as HTMLInputElement).value);
    expect(key).toMatch(/^svc_ro_/);
    const check = await fetch(`${server.url}/api/v2/auth/check`, { headers: { authorization: `Bearer ${key}` } });
    expect(check.status).toBe(200);
    // The copy buttons appear with their script (allowed by hash) and copy the key and the examples.
    await context.overridePermissions(server.url, ["clipboard-read", "clipboard-write", "clipboard-sanitized-write"]);
    await page.click('button[data-copy="new-key-value"]');
    await page.waitForFunction(() => document.getElementById("copy-status")?.textContent === "Copied.", { timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.click('button[data-copy="example-check"]');
    await page.waitForFunction((token) => navigator.clipboard.readText().then((text) => text.includes(token)), { timeout: 10_000 }, key);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `curl -s ${server.url}/api/v2/auth/check -H "Authorization: Bearer ${key}"`,
    );
  });
});
