import { createHash, randomBytes } from "node:crypto";
import { createCookieJar, hiddenValue } from "./cookie-jar.js";
import type { TestAccounts } from "./start-test-accounts.js";

export const REDIRECT_URI = "http://127.0.0.1:53682/callback";

export function createPkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Registers a public client as MCP clients do (RFC 7591). */
export async function registerClient(baseUrl: string, redirectUris: string[] = [REDIRECT_URI]) {
  const response = await fetch(`${baseUrl}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Test assistant",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { client_id: string };
}

/**
 * A person with a browser: signs up, follows the mailed link, and walks through the authorization
 * request's sign-in and consent pages, as the pages' forms would submit them.
 */
export function createPerson(server: TestAccounts, email: string, password = "correct horse battery staple") {
  const jar = createCookieJar();
  const base = server.baseUrl;
  const csrfOf = async (path: string) => {
    const page = await jar.request(`${base}${path}`);
    const html = await page.text();
    return { status: page.status, html, csrf: hiddenValue(html, "csrf") };
  };

  const signUp = async () => {
    const { csrf } = await csrfOf("/account/sign-up");
    return jar.request(`${base}/account/sign-up`, { method: "POST", form: { csrf: csrf ?? "", email, password } });
  };
  /** Opens the mailed link and confirms with the password, as its page asks. */
  const verify = async (secret = password) => {
    const link = server.linkFor(email);
    if (link === null) throw new Error(`no verification mail for ${email}`);
    const page = await jar.request(link);
    const html = await page.text();
    if (page.status !== 200) return new Response(html, { status: page.status });
    const form = { csrf: hiddenValue(html, "csrf") ?? "", token: hiddenValue(html, "token") ?? "", password: secret };
    return jar.request(`${base}/account/verify`, { method: "POST", form });
  };
  const signIn = async (secret = password) => {
    const { csrf } = await csrfOf("/account/sign-in");
    return jar.request(`${base}/account/sign-in`, { method: "POST", form: { csrf: csrf ?? "", email, password: secret } });
  };

  /** Follows redirects until one leaves the server (the client's redirect URI) or a page is shown. */
  const follow = async (response: Response): Promise<Response> => {
    let current = response;
    for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops += 1) {
      const location = new URL(current.headers.get("location")!, base).href;
      if (!location.startsWith(base)) return current;
      current = await jar.request(location);
    }
    return current;
  };

  /** Opens an authorization URL and answers its pages; returns the final redirect to the client. */
  const authorizeUrl = async (url: string, consent: "allow" | "deny" = "allow") => {
    let response = await follow(await jar.request(url));
    for (let step = 0; step < 4 && response.status === 200; step += 1) {
      const html = await response.text();
      const csrf = hiddenValue(html, "csrf") ?? "";
      const uid = /action="\/interaction\/([\w-]+)\/(login|confirm)"/.exec(html);
      if (uid === null) return { response, html, location: null };
      const action = uid[2] === "login" ? "login" : consent === "deny" ? "abort" : "confirm";
      const form: Record<string, string> = action === "login" ? { csrf, email, password } : { csrf };
      response = await follow(await jar.request(`${base}/interaction/${uid[1]}/${action}`, { method: "POST", form }));
    }
    return { response, html: null, location: response.headers.get("location") };
  };

  /** Starts an authorization request as a client would build it, and answers its pages. */
  const authorize = (input: {
    clientId: string;
    challenge: string;
    scope?: string;
    resource?: string;
    redirectUri?: string;
    consent?: "allow" | "deny";
  }) => {
    const url = new URL(`${base}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: input.clientId,
      redirect_uri: input.redirectUri ?? REDIRECT_URI,
      code_challenge: input.challenge,
      code_challenge_method: "S256",
      scope: input.scope ?? "scan:read mcp",
      resource: input.resource ?? `${base}/mcp`,
      state: "state-123",
    }).toString();
    return authorizeUrl(url.href, input.consent);
  };

  return { jar, email, password, signUp, verify, signIn, authorize, authorizeUrl, csrfOf };
}

/** Exchanges a code at the token endpoint as a public client. */
export async function exchangeCode(baseUrl: string, input: { clientId: string; code: string; verifier: string; redirectUri?: string }) {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: input.clientId,
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri ?? REDIRECT_URI,
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function refresh(baseUrl: string, input: { clientId: string; refreshToken: string }) {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", client_id: input.clientId, refresh_token: input.refreshToken }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
