import type { AuditLog, CounterStore, Health, HealthProbes, KeyStore, MonitorDeps, ServiceDeps, SessionResolver } from "@public-scan/core";

/**
 * A surface served from a fetch-style handler (the MCP endpoints of `@public-scan/mcp`): the request, and
 * the client's address as this app resolved it (trusted proxies applied).
 */
export type SurfaceHandler = (request: Request, context: { clientAddress: string | null }) => Promise<Response>;

/** What the REST app needs: the service's use-case dependencies plus the access ports. */
export interface RestAppOptions {
  /** The use-cases' dependencies. Public deployments set `limits` (the weighted read limits and quotas). */
  service: ServiceDeps;
  keys: KeyStore;
  /**
   * Monitors (docs/api.md "Monitors"): their store, scheduler, webhook sender and settings. Without them
   * the monitor routes answer `not_found`.
   */
  monitors?: Omit<MonitorDeps, "service">;
  /**
   * Self-serve key requests (POST /api/v2/keys/request). Without them the route answers 401: nobody can
   * sign in to a deployment that has no dashboard.
   */
  keyRequests?: {
    sessions: SessionResolver;
    audit: AuditLog;
    counters: CounterStore;
    /** Keys the audit's email and network hashes (the deployment's identifier secret); strongly recommended. */
    identifierSecret?: string;
  };
  /**
   * Proxies whose `X-Forwarded-For` is believed: addresses, CIDR ranges, or `loopback` / `private`.
   * Empty by default: the socket's peer is the client, and forwarded headers are ignored.
   */
  trustedProxies?: readonly string[];
  /** Largest accepted request body (default 16 KiB: a CreateScanRequest is well under 3 KiB). */
  maxBodyBytes?: number;
  /**
   * The MCP endpoints, mounted at /mcp (hosted) and /mcp/light (anonymous Light); health reports each as on
   * when given. Built with `createMcpHttpHandler` of `@public-scan/mcp`.
   */
  mcp?: {
    hosted?: SurfaceHandler;
    light?: SurfaceHandler;
    /** The OAuth protected-resource metadata of /mcp, served at /.well-known/oauth-protected-resource/mcp. */
    protectedResourceMetadata?: SurfaceHandler;
  };
  /**
   * Other surfaces of the host at h3 route patterns (e.g. `/account/**`): the reference host's account pages
   * and authorization server (`@public-scan/accounts`). Their handlers own their responses; the patterns
   * must not overlap the REST and MCP paths.
   */
  mounts?: ReadonlyArray<{ paths: readonly string[]; handler: SurfaceHandler }>;
  /**
   * The host's checks of its job queue and scanner, reported by /api/v2/health and /readyz beside the scan
   * store (core probes that itself). Leave a part out when this process does not use it.
   */
  probes?: HealthProbes;
  /** Which other surfaces this host serves, for health, when another host serves them (default: from `mcp`). */
  surfaces?: Omit<Health["surfaces"], "rest">;
  /**
   * Cross-origin reads from browsers (`Access-Control-Allow-Origin: *`, no cookies). On by default; the
   * cookie-authenticated key request never allows cross-origin calls.
   */
  cors?: boolean;
  /**
   * `Strict-Transport-Security` on every response to a request that came over https (directly, or through
   * a trusted proxy's `X-Forwarded-Proto: https`): on by default with a year's `max-age`; `false` leaves it to
   * a proxy in front. Never sent over plain http, where browsers ignore it.
   */
  hsts?: false | { maxAgeSeconds: number; includeSubDomains?: boolean; preload?: boolean };
  /**
   * A home page at `/` with a scan form posting to `/scan` (the reference server's): off by default, so an
   * embedder's own pages keep `/`. `accounts` links sign-up and sign-in (`/account/...`); `docsUrl` links
   * the deployment's documentation; `recentScans` lists that many of the latest scans with evidence (their
   * site, score and report link; default 10, 0 for none), where the scan store can list them.
   */
  homePage?: false | { accounts?: boolean; docsUrl?: string; serviceName?: string; recentScans?: number };
  /** Unexpected errors, for the host's logs (the response is redacted). */
  onError?: (error: unknown, context: { requestId: string; route: string }) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** A year: the `max-age` browsers' preload lists ask for, and the default of `RestAppOptions.hsts`. */
export const DEFAULT_HSTS: Exclude<RestAppOptions["hsts"], false | undefined> = { maxAgeSeconds: 31_536_000 };

/** The `Strict-Transport-Security` value of an `hsts` option, or null when it is off. */
export function toHstsHeader(hsts: RestAppOptions["hsts"]): string | null {
  if (hsts === false) return null;
  const { maxAgeSeconds, includeSubDomains, preload } = hsts ?? DEFAULT_HSTS;
  return [`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`, includeSubDomains ? "includeSubDomains" : null, preload ? "preload" : null]
    .filter((part) => part !== null)
    .join("; ");
}
