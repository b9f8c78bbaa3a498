import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Keyv } from "keyv";
import type { AccountStore, CounterStore, Scope, TargetPolicy } from "@public-scan/core";
import { createCounterKeys, rolling } from "../accounts/account-limits.js";
import { AUTHORIZATION_LIFETIMES } from "./authorization-lifetimes.js";
import { createKeyvOidcAdapter } from "./create-keyv-oidc-adapter.js";
import { createMetadataDocumentFetch } from "./create-metadata-document-fetch.js";
import { toPublicJwks, type AuthorizationKeys } from "./load-authorization-keys.js";
import { cookieName, parseCookies } from "../sessions/parse-cookies.js";
import { sessionsValidAfter } from "../sessions/sessions-valid-after.js";
import { renderOAuthErrorPage } from "../web/pages/render-oauth-error-page.js";

/** The scopes of the hosted MCP resource (the contract's): reading needs `scan:read` and `mcp`. */
export const RESOURCE_SCOPES: readonly Scope[] = ["scan:read", "scan:create", "mcp"];

/** The authorization server's endpoints, under the issuer's path. */
export const OAUTH_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  jwks: "/oauth/jwks",
  revocation: "/oauth/revoke",
  end_session: "/oauth/logout",
  userinfo: "/oauth/userinfo",
} as const;

/**
 * Dynamic client registrations per requester network and hour: enough for people. No limit across the whole
 * deployment: one would let 50 networks block every new MCP client for an hour. What bounds the store is
 * that a registered client unused for `UNUSED_CLIENT_TTL_SECONDS` is forgotten.
 */
export const REGISTRATION_LIMIT = { limit: 20, windowMs: 3600_000 } as const;

/**
 * Client ID Metadata Documents fetched per requester network and hour: each is an outbound request this server
 * makes for an anonymous caller, so a network that names one new URL after another is stopped. A document
 * once fetched is cached (`CLIENT_METADATA_CACHE_SECONDS`) and costs nothing until it expires.
 */
export const CLIENT_METADATA_FETCH_LIMIT = { limit: 30, windowMs: 3600_000 } as const;

/** How long a fetched document is kept: its own Cache-Control max-age, within these bounds (seconds). */
export const CLIENT_METADATA_CACHE_SECONDS = { min: 300, max: 86_400 } as const;

/** A dynamically registered client that completes no authorization within a day is forgotten. */
export const UNUSED_CLIENT_TTL_SECONDS = 24 * 3600;

/** The largest registration body read (oidc-provider's own limit is 56 KiB). */
const MAX_REGISTRATION_BYTES = 16 * 1024;

/** Loopback hosts a native client's http redirect may name (RFC 8252 section 7.3; MCP authorization). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export interface AuthorizationServerOptions {
  /** The issuer identifier ({auth_url}): the deployment's base URL unless the operator names another. */
  issuer: string;
  /** The protected resource tokens are for: the hosted MCP endpoint's URL (RFC 8707 audience). */
  resource: string;
  documents: Keyv;
  accounts: AccountStore;
  keys: AuthorizationKeys;
  counters: CounterStore;
  /** Keys the rate-limit counters' hashes. */
  counterSecret: string;
  /** How Client ID Metadata Documents are fetched (`ClientMetadataDocumentOptions`). */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
}

/**
 * OAuth Client ID Metadata Documents (the MCP authorization specification's preferred registration): a
 * client's `client_id` is an https URL whose JSON document describes it, fetched by this server when the
 * client first asks for authorization. Each fetch is bounded (2.5 s, 5 KiB, no redirects: oidc-provider's
 * limits), refuses special-use addresses at connect time (oidc-provider's check, which also defeats DNS
 * rebinding), and is cached by the document's Cache-Control within `CLIENT_METADATA_CACHE_SECONDS`.
 */
export interface ClientMetadataDocumentOptions {
  /** false turns them off: clients then register dynamically (RFC 7591) only. Default true. */
  enabled?: boolean;
  /**
   * The egress guard each document's host is checked against before it is fetched: the scanner's target
   * policy, so an operator's private-address rules apply here too. Without it, only oidc-provider's
   * special-use address check applies.
   */
  targets?: TargetPolicy;
  /** The fetch documents are read with (default: the global fetch, with oidc-provider's address check). */
  fetch?: typeof fetch;
}

/** Where `handle` leaves the requester's address for the provider's middleware (registration limits). */
const CLIENT_ADDRESS = Symbol("public-scan.clientAddress");
type AddressedRequest = IncomingMessage & { [CLIENT_ADDRESS]?: string };

export interface AuthorizationServer {
  provider: Provider;
  /** Public signing keys, for the resource server in the same process (no HTTP round trip to itself). */
  publicJwks: ReturnType<typeof toPublicJwks>;
  /**
   * Ends the provider's sign-in session of this browser (dashboard sign-out): returns the Set-Cookie values
   * that clear its cookies. Without it, the next person at a shared computer could authorize a client on the
   * account that signed out.
   */
  endSession: (cookieHeader: string | undefined) => Promise<string[]>;
  /**
   * Handles one request for the provider's paths (its endpoints and its metadata). `clientAddress` is the
   * requester as the host resolved it (trusted proxies applied).
   */
  handle: (request: IncomingMessage, response: ServerResponse, clientAddress: string) => Promise<void>;
}

/**
 * The reference host's OAuth 2.1 authorization server, on `oidc-provider`: authorization code with PKCE
 * (S256 only, required of every client), Client ID Metadata Documents and dynamic client registration
 * (RFC 7591) for MCP clients, resource
 * indicators (RFC 8707) with JWT access tokens (RFC 9068) for exactly one resource, refresh tokens that
 * rotate, and RFC 8414 metadata at `{issuer}/.well-known/oauth-authorization-server`.
 */
export function createAuthorizationServer(options: AuthorizationServerOptions): AuthorizationServer {
  const issuer = new URL(options.issuer);
  // The account pages and these endpoints are served at the root of the host (docs/auth.md).
  if (issuer.pathname !== "/" || issuer.search !== "" || issuer.hash !== "")
    throw new Error("the OAuth issuer must be an origin, without a path");
  const secure = issuer.protocol === "https:";
  // The provider's sign-in session is a Path=/ cookie: `__Host-` on HTTPS, like the dashboard's.
  const sessionCookieName = cookieName("ps_oauth_session", secure);
  const Adapter = createKeyvOidcAdapter(options.documents, { unusedClientTtlMs: UNUSED_CLIENT_TTL_SECONDS * 1000 });
  const configuration: Configuration = {
    adapter: Adapter,
    jwks: options.keys.jwks,
    cookies: {
      keys: options.keys.cookieKeys,
      long: { httpOnly: true, sameSite: "lax", secure },
      short: { httpOnly: true, sameSite: "lax", secure },
      names: { session: sessionCookieName, interaction: "ps_oauth_interaction", resume: "ps_oauth_resume" },
    },
    routes: OAUTH_ROUTES,
    scopes: ["openid", "offline_access", ...RESOURCE_SCOPES],
    claims: { openid: ["sub"] },
    async findAccount(ctx, id, token) {
      const account = await options.accounts.get(id);
      if (account === null || account.disabledAt !== null || account.emailVerifiedAt === null) return undefined;
      // A password reset ends the refresh tokens and codes of older grants (this server's own older sign-in is
      // ended by the login prompt's check, `signedInBeforeReset`).
      if (token !== undefined && issuedBefore(token.iat, await sessionsValidAfter(options.documents, id))) return undefined;
      // Tokens carry the account id only: the email stays with this service.
      return { accountId: id, claims: () => ({ sub: id }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: interactionPolicyOf(options.documents) },
    pkce: { required: () => true },
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" },
    // Implicit and hybrid flows are not offered: the code flow with PKCE is the only way to a token.
    responseTypes: ["code"],
    features: {
      devInteractions: { enabled: false },
      // Not used by MCP clients, and each is surface: RP-initiated logout redirects to a URI any
      // registered client names (an open redirect); pushed authorization requests are not routed.
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      clientIdMetadataDocument: {
        enabled: options.clientMetadataDocuments?.enabled ?? true,
        // An experimental feature of oidc-provider, acknowledged at the draft it implements.
        ack: "draft-02",
        allowFetch: (ctx, clientId) => admitMetadataFetch(ctx, clientId),
        // A public client, as every dynamically registered one here: no secret, PKCE instead.
        allowClient: (_ctx, client) => client.tokenEndpointAuthMethod === "none",
        cacheDuration: CLIENT_METADATA_CACHE_SECONDS,
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== options.resource) throw new errors.InvalidTarget(`this server issues tokens for ${options.resource} only`);
          return {
            scope: RESOURCE_SCOPES.join(" "),
            audience: options.resource,
            accessTokenTTL: AUTHORIZATION_LIFETIMES.accessToken,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "ES256" } },
          };
        },
      },
    },
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed("refresh_token")),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? AUTHORIZATION_LIFETIMES.accessToken,
      AuthorizationCode: AUTHORIZATION_LIFETIMES.authorizationCode,
      RefreshToken: AUTHORIZATION_LIFETIMES.refreshToken,
      Grant: AUTHORIZATION_LIFETIMES.grant,
      Session: AUTHORIZATION_LIFETIMES.session,
      Interaction: AUTHORIZATION_LIFETIMES.interaction,
      IdToken: AUTHORIZATION_LIFETIMES.accessToken,
    },
    // The MCP authorization rule for redirect URIs: https, or http on a loopback host (a native client's local
    // listener). Checked through a metadata property of our own, whose validator sees the whole client.
    extraClientMetadata: {
      properties: ["public_scan_redirect_rule"],
      // oidc-provider's signature, four parameters: not ours to shape into an options object.
      // eslint-disable-next-line max-params
      validator: (_ctx, key, _value, metadata) => {
        if (key !== "public_scan_redirect_rule") return;
        for (const uri of (metadata.redirect_uris as string[] | undefined) ?? []) {
          const parsed = URL.parse(uri);
          const allowed =
            parsed !== null && (parsed.protocol === "https:" || (parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname)));
          if (!allowed) throw new errors.InvalidRedirectUri("redirect_uris must be https URLs, or http URLs on a loopback host");
        }
      },
    },
    fetch: createMetadataDocumentFetch(options.clientMetadataDocuments?.fetch ?? ((url, init) => globalThis.fetch(url, init))),
    renderError: (ctx, output) => {
      const page = renderOAuthErrorPage({ error: output.error, description: output.error_description ?? null });
      ctx.type = "html";
      ctx.set("cache-control", "no-store");
      ctx.set("content-security-policy", page.contentSecurityPolicy);
      ctx.body = page.html;
    },
  };
  const provider = new Provider(issuer.origin, configuration);
  const keys = createCounterKeys(options.counterSecret);
  // The host and scheme of every URL the provider writes come from the issuer, never from request headers
  // (below), so a forged Host cannot put another origin into metadata or redirects.
  provider.proxy = true;
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    // No page of the provider may be framed (clickjacking a consent or an error page).
    ctx.set("x-frame-options", "DENY");
    const path = ctx.path.replace(/\/+$/, "");
    if (ctx.method === "POST" && path === OAUTH_ROUTES.registration && !(await admitRegistration(ctx))) return;
    if (path === OAUTH_ROUTES.authorization && refusesResponseMode(ctx)) return;
    await next();
    if (path === OAUTH_ROUTES.authorization) keepErrorsHere(ctx, issuer);
    if (!ctx.response.get("content-security-policy")) ctx.set("content-security-policy", "frame-ancestors 'none'");
  });
  // A client that completed an authorization (a token was issued to it) is kept for good.
  provider.on("grant.success", (ctx: KoaContextWithOIDC) => {
    const clientId = ctx.oidc.client?.clientId;
    if (clientId !== undefined) void Adapter.keepClient(clientId).catch(() => undefined);
  });

  /**
   * Reads the registration body first (bounded), then charges the requester's network: a request that is not
   * even a registration costs nothing, and the body is handed to the provider already read.
   */
  const admitRegistration = async (ctx: KoaContextWithOIDC): Promise<boolean> => {
    const body = await readBounded(ctx.req, MAX_REGISTRATION_BYTES).catch(() => null);
    if (body === null) {
      ctx.status = 413;
      ctx.body = { error: "invalid_client_metadata", error_description: "The registration is too large." };
      return false;
    }
    (ctx.req as IncomingMessage & { body?: Buffer }).body = body;
    const address = (ctx.req as AddressedRequest)[CLIENT_ADDRESS] ?? "unknown";
    const checks = [rolling(keys.network("client_registration", address), REGISTRATION_LIMIT)];
    const result = await options.counters.consume({ checks, now: Date.now() });
    if (result.allowed) return true;
    ctx.status = 429;
    ctx.set("retry-after", String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
    ctx.body = { error: "temporarily_unavailable", error_description: "Too many client registrations; try again later." };
    return false;
  };

  /**
   * Before a metadata document is fetched: the requester's network is charged (a refused fetch is an invalid
   * client, shown on an error page), then the document's host must pass the egress guard. Once per request
   * and document: oidc-provider may ask again while answering the same request.
   */
  const admitted = new WeakMap<KoaContextWithOIDC, Map<string, Promise<boolean>>>();
  const admitMetadataFetch = (ctx: KoaContextWithOIDC, clientId: string): Promise<boolean> => {
    const asked = admitted.get(ctx) ?? new Map<string, Promise<boolean>>();
    admitted.set(ctx, asked);
    const answer = asked.get(clientId) ?? checkMetadataFetch(ctx, clientId);
    asked.set(clientId, answer);
    return answer;
  };
  const checkMetadataFetch = async (ctx: KoaContextWithOIDC, clientId: string): Promise<boolean> => {
    const address = (ctx.req as AddressedRequest)[CLIENT_ADDRESS] ?? "unknown";
    const checks = [rolling(keys.network("client_metadata_fetch", address), CLIENT_METADATA_FETCH_LIMIT)];
    if (!(await options.counters.consume({ checks, now: Date.now() })).allowed) return false;
    const targets = options.clientMetadataDocuments?.targets;
    if (targets === undefined) return true;
    const url = new URL(clientId);
    const verdict = await targets.check({ host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port: url.port === "" ? 443 : Number(url.port) });
    return verdict.allowed;
  };
  const callback = provider.callback();

  const sessionCookie = sessionCookieName;
  const expired = (name: string) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return {
    provider,
    publicJwks: toPublicJwks(options.keys),
    endSession: async (cookieHeader) => {
      const id = parseCookies(cookieHeader).get(sessionCookie);
      if (id !== undefined && /^[\w-]{1,128}$/.test(id)) await new Adapter("Session").destroy(id);
      return [expired(sessionCookie), expired(`${sessionCookie}.sig`)];
    },
    handle: (request, response, clientAddress) => {
      (request as AddressedRequest)[CLIENT_ADDRESS] = clientAddress;
      request.headers.host = issuer.host;
      request.headers["x-forwarded-proto"] = issuer.protocol.replace(":", "");
      delete request.headers["x-forwarded-host"];
      const path = (request.url ?? "/").split("?")[0];
      // RFC 8414 metadata: the provider serves the OpenID discovery document, a superset of it.
      if (path === "/.well-known/oauth-authorization-server") request.url = "/.well-known/openid-configuration";
      return Promise.resolve(callback(request, response));
    },
  };
}

/**
 * The authorization endpoint answers only in the query: `form_post` and `fragment` would send a browser to a
 * client's URI in ways `keepErrorsHere` cannot see. MCP clients use the query. Refused with a page.
 */
function refusesResponseMode(ctx: KoaContextWithOIDC): boolean {
  const mode = ctx.query.response_mode;
  if (mode === undefined || mode === "query") return false;
  renderErrorPage(ctx, { error: "invalid_request", description: "Only response_mode=query is supported." });
  return true;
}

/**
 * An error of the authorization endpoint itself is shown here, never redirected to the client: before the
 * person signed in and consented, a redirect URI is only what someone registered, and redirecting errors to
 * it without any interaction makes this server an open redirect (RFC 9700 section 4.11). Errors after the
 * interaction (the person declined) come from the resume endpoint and still go back to the client.
 */
function keepErrorsHere(ctx: KoaContextWithOIDC, issuer: URL): void {
  if (ctx.status !== 302 && ctx.status !== 303) return;
  const target = URL.parse(ctx.response.get("location"), issuer.origin);
  if (target === null || target.origin === issuer.origin) return;
  const error = target.searchParams.get("error");
  if (error === null) return;
  ctx.remove("location");
  renderErrorPage(ctx, { error, description: target.searchParams.get("error_description") });
}

function renderErrorPage(ctx: KoaContextWithOIDC, input: { error: string; description: string | null }): void {
  const page = renderOAuthErrorPage({ error: input.error.slice(0, 100), description: input.description?.slice(0, 300) ?? null });
  ctx.status = 400;
  ctx.type = "html";
  ctx.set("cache-control", "no-store");
  ctx.set("content-security-policy", page.contentSecurityPolicy);
  ctx.body = page.html;
}

/** A request body of at most `limit` bytes, or a rejection past it. */
async function readBounded(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > limit) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received);
}

/**
 * oidc-provider's default prompts, with one more reason to ask for the login: a sign-in of this server made
 * before the account's password was reset (`endSessionsBefore`) is over, and the person signs in again.
 */
function interactionPolicyOf(documents: Keyv) {
  const policy = interactionPolicy.base();
  policy.get("login")!.checks.add(
    new interactionPolicy.Check("signed_in_before_password_reset", "The password was reset: sign in again", async (ctx) => {
      const { session, result } = ctx.oidc;
      if (session?.accountId === undefined || result?.login !== undefined) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const cutOff = await sessionsValidAfter(documents, session.accountId);
      return issuedBefore(session.loginTs ?? 0, cutOff)
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }),
  );
  return policy;
}

/**
 * Whether something stamped at `seconds` (oidc-provider's whole-second `iat` and `loginTs`) is from before the
 * cut-off (epoch ms). The cut-off's own second counts as before: a token of that second may predate the reset,
 * and a person who signs in again after resetting takes longer than that.
 */
function issuedBefore(seconds: number, cutOffMs: number): boolean {
  return cutOffMs > 0 && seconds <= Math.floor(cutOffMs / 1000);
}
