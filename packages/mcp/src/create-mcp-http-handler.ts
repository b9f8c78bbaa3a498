import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { networkOf, type KeyStore, type MonitorDeps, type ServiceDeps } from "@public-scan/core";
import { createAccessResolver, type McpAccess } from "./create-access-resolver.js";
import { createServiceMcpServer } from "./create-service-mcp-server.js";
import { createSessionEventStore } from "./create-session-event-store.js";
import { createSessionRegistry, type SessionOptions } from "./create-session-registry.js";
import { openEventStreamAtOnce } from "./open-event-stream-at-once.js";
import type { OAuthResourceOptions } from "./oauth/oauth-resource-options.js";

export type McpSurface = "hosted" | "light";

export interface McpHttpHandlerOptions {
  service: ServiceDeps;
  /** `hosted` (/mcp): a bearer key, tools by its scopes. `light` (/mcp/light): anonymous, three tools, Light quotas. */
  surface: McpSurface;
  /** Needed by the hosted surface to authenticate bearer keys. */
  keys?: KeyStore;
  /** The hosted surface also accepts OAuth access tokens of this authorization server (see docs/auth.md). */
  oauth?: OAuthResourceOptions;
  /**
   * Browser origins allowed to call, besides the deployment's own (`service.config.baseUrl`). A request
   * with any other `Origin` is refused (DNS-rebinding protection); clients that send no Origin are not browsers.
   */
  allowedOrigins?: readonly string[];
  /** Answer each POST with one JSON body instead of an SSE stream (no progress notifications). Default false. */
  jsonResponse?: boolean;
  /**
   * Sessions (`Mcp-Session-Id`, a GET stream for server messages, DELETE to end one), held in this process.
   * Off by default: stateless answers suit several processes and Lambda; a single process may turn them on.
   * A session's streams are resumable: a client that lost one reconnects with `Last-Event-ID` and gets
   * what it missed (`createSessionEventStore`).
   */
  sessions?: SessionOptions | boolean;
  /** Largest JSON-RPC request body; default 64 KiB (tool arguments are a URL or an id). */
  maxBodyBytes?: number;
  /**
   * The longest `service_scan_site` waits for its scan before it answers the job (its scanId and when to
   * poll): set it below the host's request timeout (a Lambda function's, an ingress's) less the time to
   * answer. Default: the contract's 45 s.
   */
  maxScanWaitSeconds?: number;
  /**
   * The host's monitors (store, scheduler, webhook sender): the hosted surface then offers the monitor tools
   * to keys with `monitor:write`, the same use-cases as REST's monitor routes. Without them, no monitor tool.
   */
  monitors?: Omit<MonitorDeps, "service">;
  onError?: (error: unknown) => void;
}

/** What a host passes besides the request: the client's address as it resolved it (trusted proxies applied). */
export interface McpRequestContext {
  clientAddress: string | null;
}

export type McpHttpHandler = ((request: Request, context: McpRequestContext) => Promise<Response>) & {
  /** Ends every open session (a host shutting down); a no-op when sessions are off. */
  close: () => void;
};

/**
 * The Streamable HTTP endpoint of one MCP surface as a fetch-style handler, for any host (h3, Lambda, a
 * plain server). Stateless by default: each POST gets its own server and transport, so any process behind a
 * load balancer can answer it; GET (a standalone stream) and DELETE (a session) answer 405, as the MCP
 * specification lets a server without sessions do. With `sessions`, a session's transport is kept in this
 * process and found again by `Mcp-Session-Id`. The SDK's transport checks Accept, the protocol version
 * header and the JSON-RPC messages.
 */
export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const ownOrigin = new URL(options.service.config.baseUrl).origin;
  const origins = new Set([ownOrigin, ...(options.allowedOrigins ?? [])]);

  const sessionOptions = typeof options.sessions === "object" ? options.sessions : {};
  const sessions = options.sessions === undefined || options.sessions === false ? null : createSessionRegistry(sessionOptions);
  const transportOptions = { enableJsonResponse: options.jsonResponse ?? false, maxRequestBodySize: options.maxBodyBytes ?? 64 * 1024 };
  const resolveAccess = createAccessResolver({ ...options, monitors: options.monitors !== undefined });
  const serverOptionsOf = (access: McpAccess) => ({
    ...access,
    ...(options.maxScanWaitSeconds === undefined ? {} : { maxScanWaitSeconds: options.maxScanWaitSeconds }),
    ...(options.monitors === undefined ? {} : { monitors: options.monitors }),
  });

  const handle = async (request: Request, context: McpRequestContext): Promise<Response> => {
    const origin = request.headers.get("origin");
    if (origin !== null && !origins.has(origin))
      return jsonRpcError(403, { code: -32000, message: "This origin may not call the MCP endpoint." });
    if (sessions === null && request.method !== "POST") {
      const message = "This MCP endpoint is stateless: send JSON-RPC messages with POST.";
      return jsonRpcError(405, { code: -32000, message }, { allow: "POST" });
    }
    // Every request authenticates: a session id is not a credential.
    const access = await resolveAccess(request, context.clientAddress);
    if (access instanceof Response) return access;
    if (sessions === null) {
      const transport = new WebStandardStreamableHTTPServerTransport(transportOptions);
      await createServiceMcpServer(serverOptionsOf(access)).connect(transport);
      return transport.handleRequest(request);
    }
    const owner = access.caller.kind === "key" ? `key:${access.caller.keyId}` : `ip:${access.caller.ip}`;
    // An anonymous caller's cap is its network's: addresses of one /64 are one caller's to hand out.
    const group = access.caller.kind === "key" ? owner : `network:${networkOf(access.caller.ip)}`;
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId !== null) {
      // Unknown, expired and someone else's sessions answer alike, so ids cannot be probed.
      const transport = sessions.use(sessionId, owner);
      if (transport === null) return jsonRpcError(404, { code: -32001, message: "Session not found: initialize a new session." });
      const response = await transport.handleRequest(request);
      // A GET is the session's server stream (or a resumed one): it has nothing to say until the server does.
      return request.method === "GET" ? openEventStreamAtOnce(response) : response;
    }
    if (request.method !== "POST") return jsonRpcError(400, { code: -32000, message: "Send Mcp-Session-Id, or initialize with POST." });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      ...transportOptions,
      sessionIdGenerator: () => crypto.randomUUID(),
      eventStore: createSessionEventStore(sessionOptions.events),
      onsessioninitialized: (id) => sessions.add(id, { transport, owner, group }),
      onsessionclosed: (id) => sessions.remove(id),
    });
    await createServiceMcpServer(serverOptionsOf(access)).connect(transport);
    return transport.handleRequest(request);
  };

  return Object.assign(
    async (request: Request, context: McpRequestContext) => {
      try {
        return await handle(request, context);
      } catch (error) {
        options.onError?.(error);
        return jsonRpcError(500, { code: -32603, message: "Internal error." });
      }
    },
    { close: () => sessions?.closeAll() },
  );
}

/** A JSON-RPC error without an id (the request was refused before any message was read), with its HTTP status. */
function jsonRpcError(status: number, error: { code: number; message: string }, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error, id: null }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
