import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  createAnonymousScanQuota,
  createLocalService,
  createMemoryCounterStore,
  createMemoryMonitorStore,
  DEFAULT_MONITOR_SETTINGS,
  type MonitorDeps,
  createRateLimiter,
  type CounterStore,
  issueApiKey,
  type ScanObservations,
  type Scanner,
  type Scope,
} from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { createTargetPolicy } from "@public-scan/scanner";
import { serve } from "srvx";
import { createAccessResolver } from "../../src/create-access-resolver.js";
import { createMcpHttpHandler, createServiceMcpServer, type OAuthResourceOptions } from "../../src/index.js";
import { createStdioBridge } from "../../src/stdio/index.js";
import { createRecordedScanner as createRecordedScannerOf } from "@public-scan/recorded-scans";

export const BASE_URL = "https://scan.example.org";

/** A recorded scanner (core's port); a host that starts with `held.` is scanned until the service stops. */
function createRecordedScanner(): Scanner {
  const untilAborted = (signal?: AbortSignal) =>
    new Promise<void>((_, reject) => signal?.addEventListener("abort", () => reject(new Error("stopped")), { once: true }));
  return createRecordedScannerOf<ScanObservations>({
    hold: ({ url, signal }) => (new URL(url).hostname.startsWith("held.") ? untilAborted(signal) : undefined),
  });
}

/**
 * How a test's client reaches the tools: the server in memory, Streamable HTTP, or the local stdio server's
 * bridge (in memory to the host, forwarding over HTTP to /mcp with the key; hosted surface only).
 */
export type McpVia = "memory" | "http" | "bridge";

/**
 * A memory counter store that can be made to refuse every charge, as a store whose limits are all spent:
 * every tool's rate-limited answer can then be asked for without spending a real limit first.
 */
function createExhaustibleCounterStore(): CounterStore & { exhausted: boolean } {
  const inner = createMemoryCounterStore();
  const store = {
    exhausted: false,
    capabilities: inner.capabilities,
    close: () => inner.close(),
    consume: (input: Parameters<CounterStore["consume"]>[0]) => {
      const failed = input.checks.findIndex((check) => check.units > 0);
      if (!store.exhausted || failed === -1) return inner.consume(input);
      return Promise.resolve({ allowed: false as const, failed, usage: input.checks[failed]!.limit, retryAfterMs: 42_000 });
    },
  };
  return store;
}

/** The HTTP app of the test's MCP endpoints, as a host serves it (the peer address from `request.ip`). */
export type McpRoute = (request: Request & { ip?: string }) => Promise<Response>;
export interface ConnectInput {
  surface: "hosted" | "light";
  /** A bearer key for the hosted surface. */
  token?: string;
  /** The client address the host sees (in memory: the caller's; over HTTP every request comes from loopback). */
  clientAddress?: string;
}

/**
 * A service over memory stores with the contract's limits, and MCP clients connected to it either in
 * memory (the server built for a resolved caller, as the HTTP handler builds it) or over real HTTP through
 * `createMcpHttpHandler` on srvx.
 */
export async function createTestMcp(
  input: {
    sessions?: boolean;
    oauth?: OAuthResourceOptions;
    /**
     * Another host in front of the same endpoints for the "http" clients: given the app, the fetch the SDK's
     * transport uses (e.g. through a Lambda handler). Default: a real socket (srvx on Node).
     */
    host?: (route: McpRoute) => typeof fetch;
    /**
     * Monitors on the hosted surface (a memory store, a scheduler that records what is registered, a sender
     * that sends nothing): its monitor tools are then offered to keys with `monitor:write`.
     */
    monitors?: boolean;
  } = {},
) {
  const counters = createExhaustibleCounterStore();
  const limiter = createRateLimiter({ store: counters });
  const local = await createLocalService({
    scanner: createRecordedScanner(),
    config: { baseUrl: BASE_URL, pollSeconds: 1 },
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
    // The scanner's own egress policy; test names resolve to a public documentation address, offline.
    targets: createTargetPolicy({ resolve: ["*.example=93.184.216.34"] }),
  });
  const keys = createMemoryKeyStore();
  const scheduled = new Set<string>();
  const monitors: Omit<MonitorDeps, "service"> | undefined =
    input.monitors === true
      ? {
          monitors: createMemoryMonitorStore(),
          keys,
          scheduler: {
            schedule: ({ monitorId }) => Promise.resolve(void scheduled.add(monitorId)),
            unschedule: (monitorId) => Promise.resolve(void scheduled.delete(monitorId)),
            close: () => Promise.resolve(),
          },
          webhooks: {
            deliver: () => Promise.reject(new Error("no deliveries in these tests")),
            createSecret: () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64")}`,
          },
          settings: { ...DEFAULT_MONITOR_SETTINGS, minIntervalSeconds: 300 },
        }
      : undefined;
  const handlers = {
    hosted: createMcpHttpHandler({
      service: local.deps,
      surface: "hosted",
      keys,
      ...(monitors === undefined ? {} : { monitors }),
      sessions: input.sessions ?? false,
      ...(input.oauth === undefined ? {} : { oauth: input.oauth }),
    }),
    light: createMcpHttpHandler({ service: local.deps, surface: "light", sessions: input.sessions ?? false }),
  };
  const route: McpRoute = async (request) => {
    const path = new URL(request.url).pathname;
    const handler = path === "/mcp" ? handlers.hosted : path === "/mcp/light" ? handlers.light : null;
    return handler === null ? new Response("not found", { status: 404 }) : handler(request, { clientAddress: request.ip ?? "127.0.0.1" });
  };
  const server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: route });
  await server.ready();
  const origin = input.host === undefined ? new URL(server.url!).origin : BASE_URL;
  const hostFetch = input.host?.(route);
  const clients: Client[] = [];
  const bridges: Array<ReturnType<typeof createStdioBridge>> = [];

  const connect = async (via: McpVia, input: ConnectInput): Promise<Client> => {
    const client = new Client({ name: "public-scan-tests", version: "1.0.0" });
    if (via === "bridge") {
      if (input.surface !== "hosted" || input.token === undefined) throw new Error("the stdio bridge forwards to /mcp with a key");
      const bridge = createStdioBridge({
        baseUrl: origin,
        apiKey: input.token,
        version: "0.0.0-test",
        ...(hostFetch === undefined ? {} : { fetch: hostFetch }),
      });
      bridges.push(bridge);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await bridge.server.connect(serverSide);
      await client.connect(clientSide);
    } else if (via === "http") {
      const headers: Record<string, string> = input.token === undefined ? {} : { authorization: `Bearer ${input.token}` };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(input.surface === "light" ? "/mcp/light" : "/mcp", origin), {
          requestInit: { headers },
          ...(hostFetch === undefined ? {} : { fetch: hostFetch }),
        }),
      );
    } else {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await createServiceMcpServer(await memoryServerInput(input)).connect(serverSide);
      await client.connect(clientSide);
    }
    // Hosts list the tools before they call any, and the SDK then validates every answer against the tool's
    // declared output schema: so do these tests, or an answer that breaks validating hosts would pass here.
    await client.listTools();
    clients.push(client);
    return client;
  };

  // In memory there is no HTTP request: the caller is resolved by the handler's own resolver, from the headers it would read.
  const resolvers = {
    hosted: createAccessResolver({ service: local.deps, surface: "hosted", keys, monitors: monitors !== undefined }),
    light: createAccessResolver({ service: local.deps, surface: "light" }),
  };
  const memoryServerInput = async (input: ConnectInput) => {
    const headers: Record<string, string> = input.token === undefined ? {} : { authorization: `Bearer ${input.token}` };
    const access = await resolvers[input.surface](new Request(`${BASE_URL}/mcp`, { headers }), input.clientAddress ?? "127.0.0.1");
    if (access instanceof Response) throw new Error(`in-memory access refused: ${access.status}`);
    return monitors === undefined ? access : { ...access, monitors };
  };

  return {
    origin,
    /** The monitors whose schedule is registered (with `monitors`). */
    scheduled,
    /** Raw HTTP to the endpoints through the same host as the "http" clients. */
    fetch: hostFetch ?? fetch,
    connect,
    issueKey: async (kind: "self_serve" | "support", scopes?: Scope[]) =>
      (await issueApiKey({ keys, clock: local.deps.clock, supportEmail: "support@example.org" }, { kind, ...(scopes ? { scopes } : {}) }))
        .resource.key,
    /** Makes every charged limit refuse (true) or count again (false). */
    exhaustLimits: (exhausted: boolean) => {
      counters.exhausted = exhausted;
    },
    close: async () => {
      await Promise.all(clients.map((client) => client.close()));
      await Promise.all(bridges.map((bridge) => bridge.close()));
      handlers.hosted.close();
      handlers.light.close();
      await server.close(true);
      // A scan still running (a `held.` host) is stopped at once rather than given a grace period.
      await local.close({ graceMs: 0 });
    },
  };
}
