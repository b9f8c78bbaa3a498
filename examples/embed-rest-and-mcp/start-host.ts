import {
  createAnonymousScanQuota,
  createLocalService,
  createRateLimiter,
  issueApiKey,
  type Scanner,
  type Scope,
  type TargetPolicy,
} from "@public-scan/core";
import { createRestApp } from "@public-scan/http-h3";
import { createMcpHttpHandler } from "@public-scan/mcp";
import { createSqliteStores } from "@public-scan/storage/sqlite";
import { serve } from "srvx";

export interface HostOptions {
  /** The scanner, e.g. `createPuppeteerScanner()` of @public-scan/scanner; the host owns and closes it. */
  scanner: Scanner;
  /** Refuses non-public targets before they are queued: the scanner's own rules, `scanner.targets`. */
  targets: TargetPolicy;
  /** One SQLite file for scans, API keys and rate-limit counters. */
  databasePath: string;
  port?: number;
}

/**
 * A platform team's own server with public-scan inside: the REST API, the report pages, and the two MCP
 * endpoints (`/mcp` for API keys, `/mcp/light` for anyone), all on one h3 app served by srvx. Everything
 * is wired here, in the host: core's service with SQLite stores and the contract's limits, then the app.
 */
export async function startHost(options: HostOptions) {
  // Every store on one file, opened once (one connection for documents, one for counters).
  const stores = createSqliteStores({ path: options.databasePath });
  const counters = stores.counters();
  const keys = stores.keys();
  const limiter = createRateLimiter({ store: counters });
  // The links in every resource need the public address; srvx picks the port, so listen first.
  let fetchApp: (request: Request) => Response | Promise<Response> = () => new Response("starting", { status: 503 });
  const server = serve({ port: options.port ?? 0, hostname: "127.0.0.1", silent: true, fetch: (request) => fetchApp(request) });
  await server.ready();
  const baseUrl = new URL(server.url!).origin;

  const service = await createLocalService({
    scanner: options.scanner,
    targets: options.targets,
    scans: stores.scans(),
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
    config: { baseUrl },
  });
  const app = createRestApp({
    service: service.deps,
    keys,
    mcp: {
      hosted: createMcpHttpHandler({ service: service.deps, surface: "hosted", keys }),
      light: createMcpHttpHandler({ service: service.deps, surface: "light" }),
    },
  });
  fetchApp = (request) => app.fetch(request);

  return {
    url: baseUrl,
    /** An API key for this host's clients (an operator's job; here for the example's own check). */
    issueKey: async (scopes: Scope[]) =>
      (await issueApiKey({ keys, clock: service.deps.clock, supportEmail: "support@example.org" }, { kind: "support", scopes })).resource
        .key,
    close: async () => {
      await server.close();
      await service.close();
      await options.scanner.close();
      await Promise.all([counters.close(), keys.close()]);
      await stores.close();
    },
  };
}
