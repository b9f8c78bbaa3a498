// The composition of the reference server's HTTP processes (roles `all` and `api`), read top to bottom.
// reflect-metadata is tsyringe's prerequisite and is imported first.
import "reflect-metadata";
import { randomUUID } from "node:crypto";
import {
  createAnonymousScanQuota,
  createRateLimiter,
  createService,
  PORTS,
  ServiceError,
  startScanWorker,
  SYSTEM_CLOCK,
  usePort,
} from "@public-scan/core";
import { createClientAddressResolver, createRestApp, serveRestApp, toErrorResponse } from "@public-scan/http-h3";
import { createMcpHttpHandler, createProtectedResourceMetadataHandler } from "@public-scan/mcp";
import { createPuppeteerScanner, createTargetPolicy, type PuppeteerScanner } from "@public-scan/scanner";
import { container, type DependencyContainer } from "tsyringe";
import { composeAccounts } from "./compose-accounts.js";
import { composeMonitors } from "./compose-monitors.js";
import type { ServeConfig } from "./parse-serve-config.js";
import { prepareServeProcess, SPARE_PAGES, type PreparedServeProcess } from "./prepare-serve-process.js";
import { createServeQueue } from "./create-serve-queue.js";
import { createServeProbes } from "./create-serve-probes.js";
import { asServerStores } from "./server-ports.js";
import { startRetentionSweep } from "./start-retention-sweep.js";
import { hasBrowserPool } from "./has-browser-pool.js";
import { storesOf } from "./stores-of.js";
import type { ServeObservability } from "../observability/start-serve-observability.js";

/** What a host adds to a server process beyond its configuration: logs and metrics, and where console emails go. */
export interface ServeExtras {
  /** Told about requests, jobs, phases and refusals; given the queue and the browser pool to measure. */
  observability?: Pick<ServeObservability, "observer" | "watch">;
  /** Where account emails go without an SMTP relay (default: `log`); `pnpm serve` prints them unredacted. */
  mail?: (line: string) => void;
  /**
   * What MCP clients' Client ID Metadata Documents are fetched with, after the egress guard admitted their
   * host (default: the global fetch, with oidc-provider's special-use address check): a proxy, or a test's web.
   */
  clientMetadataFetch?: typeof fetch;
  /**
   * Where an embedder registered its own ports (`PORTS` of @public-scan/core) before the process is composed;
   * default: tsyringe's root container. A port not registered gets the server's default (docs/embedding.md).
   */
  container?: DependencyContainer;
}

export interface ReferenceServer {
  /** Where the server listens, e.g. http://127.0.0.1:8787. */
  url: string;
  /** The base URL used in links. */
  baseUrl: string;
  /** The SQLite file, or null when the stores are in Redis. */
  databasePath: string | null;
  /** Accounts, the dashboard and the authorization server are on. */
  accounts: boolean;
  /** With `demo`: the fixture web's sites the server may scan. */
  demoSites: Array<{ id: string; url: string }>;
  /** Stops accepting requests, lets running scans finish within the grace period (else re-queues them), closes everything. */
  close: () => Promise<void>;
}

/**
 * The reference server: on the embedded defaults, one SQLite file for scans, keys, the audit trail and the
 * rate-limit counters, a local browser pool and the in-process queue; with `redisUrl`, all of those in Redis
 * and jobs on BullMQ, as the `api` process of a cluster (it only enqueues: no scanner, no browser) or as
 * `all` (it also runs scans). The contract's limits are on. Scanner settings come from the operator's
 * configuration, never from a request. The `worker` role serves no HTTP: see startWorkerProcess.
 */
export async function startReferenceServer(
  config: ServeConfig,
  log: (line: string) => void = () => {},
  extras: ServeExtras = {},
): Promise<ReferenceServer> {
  if (config.role === "worker") throw new Error("the worker role serves no HTTP: start it with startWorkerProcess");
  // Settings that can be wrong are checked before anything starts, so a bad one leaves no scan half-run.
  createClientAddressResolver(config.trustedProxies);
  const prepared = await prepareServeProcess(config, log);
  // What a failed start opened is closed before the error goes on (an embedder's process lives on).
  const opened: Array<() => Promise<unknown>> = [prepared.close];
  try {
    return await composeServer({ config, log, extras, prepared, opened });
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** The process's parts, composed top to bottom; each one opened is added to `opened`, for a failed start. */
async function composeServer(input: {
  config: ServeConfig;
  log: (line: string) => void;
  extras: ServeExtras;
  prepared: PreparedServeProcess;
  opened: Array<() => Promise<unknown>>;
}): Promise<ReferenceServer> {
  const { config, log, extras, prepared, opened } = input;
  const { storage, directory, identifierSecret, demoSites } = prepared;

  // The ports: an embedder's registration, else this process's default.
  const scope = (extras.container ?? container).createChildContainer();
  const defaults = storesOf(storage);
  const observer = usePort(scope, PORTS.observer, () => extras.observability?.observer);
  const { scans, keys } = asServerStores({
    scans: usePort(scope, PORTS.scanStore, defaults.scans),
    keys: usePort(scope, PORTS.keyStore, defaults.keys),
  });
  const counters = usePort(scope, PORTS.counterStore, defaults.counters);
  // An api process of a cluster only enqueues: it builds no scanner. The browser of the others starts at the first scan.
  const scanner = config.role === "api" ? null : usePort(scope, PORTS.scanner, () => createPuppeteerScanner(prepared.scannerOptions));
  opened.push(async () => scanner?.close());
  // The scanner's own egress rules when this process has it: what the API refuses up front is what it would refuse.
  const targets = usePort(scope, PORTS.targetPolicy, () =>
    scanner !== null && "targets" in scanner ? (scanner as PuppeteerScanner).targets : createTargetPolicy(prepared.scannerOptions),
  );
  const limiter = createRateLimiter({ store: counters, identifierSecret, ...(observer === undefined ? {} : { observer }) });
  const queue = usePort(scope, PORTS.jobQueue, () => (storage.kind === "redis" ? createServeQueue({ config, storage, log }) : undefined));

  // The links need the listening address when the port is chosen by the system: listen first, then build the app.
  const routes: { fetch: (request: Request) => Response | Promise<Response> } = {
    fetch: () =>
      toErrorResponse(new ServiceError("internal_error", "The service is starting; retry in a moment.", { retryAfterSeconds: 1 }), {
        requestId: randomUUID(),
      }),
  };
  const server = await serveRestApp({ app: routes, host: config.host, port: config.port });
  opened.push(() => server.close({ graceMs: 0 }));
  const baseUrl = (config.baseUrl ?? server.url).replace(/\/+$/, "");
  if (config.baseUrl === null && /\/\/(0\.0\.0\.0|\[::\])[:/]/.test(server.url)) {
    log(`serve: listening on all interfaces; links will use ${baseUrl}, which clients cannot open: set --base-url`);
  }
  const onJobError = (error: unknown, scanId: string) =>
    log(`scan ${scanId} failed: ${error instanceof Error ? error.message : String(error)}`);
  const service = createService({
    scans,
    // Ended scans are answered from memory; none the sweep below would purge (the same retention).
    scanCache: { retentionDays: config.retention.scanDays },
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
    targets,
    concurrency: config.concurrency,
    ...(queue === undefined ? {} : { queue }),
    // The same deployment secret (under its own derived key) seals a queued scan's query string, so the next
    // start, or another server on this data directory, can still visit the page that was asked for.
    targetSecret: identifierSecret,
    config: { baseUrl, ...config.service },
    onJobError,
    ...(observer === undefined ? {} : { observer }),
  });
  opened.push(() => service.close({ graceMs: 0 }));
  // Every process that scans also recovers the scans a dead one left behind (at start, then on a timer).
  const worker = scanner === null ? null : await startScanWorker(service, { scanner, onJobError });
  // An api process only enqueues: it reports no browser pool (nor does a scanner of an embedder's without one).
  extras.observability?.watch({
    queue: service.deps.queue,
    ...(scanner === null ? {} : { browserPoolSlots: config.concurrency + SPARE_PAGES }),
    ...(hasBrowserPool(scanner) ? { browserPool: scanner } : {}),
  });
  // Monitors run their ticks where scans are created with a key's quota: an API process (or the one process).
  const monitors = await composeMonitors({ config, storage, scope, service: service.deps, keys, prepared, log });
  opened.push(monitors.close);
  const logError = (error: unknown, route: string) =>
    log(`request (${route}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  // Accounts, the dashboard and the OAuth authorization server (unless turned off): /mcp then takes this
  // server's access tokens as well as API keys, and the key request has sessions to check.
  const accounts = config.accounts
    ? await composeAccounts({
        config,
        directory,
        storage,
        baseUrl,
        identifierSecret,
        supportEmail: service.deps.config.supportEmail,
        keys,
        audit: keys.audit,
        counters,
        targets,
        log,
        ...(extras.mail === undefined ? {} : { mail: extras.mail }),
        ...(extras.clientMetadataFetch === undefined ? {} : { clientMetadataFetch: extras.clientMetadataFetch }),
      })
    : null;
  if (accounts !== null) opened.push(accounts.close);
  const oauth = accounts?.accounts.oauth;
  // MCP sessions (a stream for server messages) live in one process's memory: one process keeps them; in a
  // cluster /mcp is stateless, so any API process behind a load balancer answers any request (docs/deploy.md).
  // /mcp/light is anonymous.
  const sessions = storage.kind === "sqlite";
  const mcp = {
    hosted: createMcpHttpHandler({
      service: service.deps,
      surface: "hosted",
      keys,
      ...(oauth === undefined ? {} : { oauth }),
      // The monitor tools, for keys with monitor:write (the same use-cases as the REST routes).
      monitors: monitors.deps,
      sessions,
      onError: (error) => logError(error, "mcp"),
    }),
    light: createMcpHttpHandler({
      service: service.deps,
      surface: "light",
      sessions,
      onError: (error) => logError(error, "mcp/light"),
    }),
  };
  const app = createRestApp({
    service: service.deps,
    keys,
    monitors: monitors.deps,
    trustedProxies: config.trustedProxies,
    ...(config.hsts === undefined ? {} : { hsts: config.hsts }),
    mcp: {
      ...mcp,
      ...(oauth === undefined ? {} : { protectedResourceMetadata: createProtectedResourceMetadataHandler({ baseUrl, oauth }) }),
    },
    ...(accounts === null
      ? {}
      : {
          keyRequests: {
            sessions: accounts.accounts.sessions,
            audit: keys.audit,
            counters,
            identifierSecret: accounts.accounts.keyRequestSecret,
          },
          mounts: [accounts.accounts.mount],
        }),
    // The home page's scan form, and sign-up when accounts are on.
    homePage: { accounts: accounts !== null, recentScans: config.recentScans },
    probes: createServeProbes({ config, queue: service.deps.queue, scanner }),
    onError: (error, context) => logError(error, `${context.requestId} ${context.route}`),
  });
  routes.fetch = (request) => app.fetch(request);
  // API processes purge data past its retention (docs/operations.md); a worker process does not need to.
  const sweep = startRetentionSweep({ stores: { scans, audit: keys.audit }, retention: config.retention, clock: SYSTEM_CLOCK, log });

  return {
    url: server.url,
    baseUrl,
    databasePath: storage.kind === "sqlite" ? storage.databasePath : null,
    accounts: accounts !== null,
    demoSites,
    close: async () => {
      await sweep.stop();
      // No tick starts a scan after this; a run following its scan is waited for.
      await monitors.close();
      mcp.hosted.close();
      mcp.light.close();
      await worker?.close();
      // Requests in flight and running scans get the same grace period, at the same time.
      await Promise.all([server.close({ graceMs: config.shutdownGraceMs }), service.close({ graceMs: config.shutdownGraceMs })]);
      await scanner?.close();
      await accounts?.close();
      await Promise.all([counters.close(), keys.close()]);
      await prepared.close();
    },
  };
}
