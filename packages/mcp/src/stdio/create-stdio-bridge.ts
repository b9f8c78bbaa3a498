import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { LOCAL_SCOPE_OF_TOOL } from "./local-scopes.js";

export interface StdioBridgeOptions {
  /** The deployment, e.g. `https://scan.example.com`; its hosted MCP endpoint is `{baseUrl}/mcp`. */
  baseUrl: string;
  /** The API key (`svc_...`) the tools run with: its scopes choose the tools. */
  apiKey: string;
  /** The name and version the server announces to the MCP host. */
  version: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** The longest one tool call may run (default 5 minutes: a scan waits up to its own limit). */
  callTimeoutMs?: number;
}

/**
 * The local stdio MCP server's core: an MCP server whose tools are the deployment's hosted tools, called
 * with the API key. Tool calls are forwarded to `{baseUrl}/mcp`, so the tools, their inputs, outputs,
 * limits and scope filtering are exactly the hosted server's, and progress notifications flow back. Each
 * tool is marked with its local scope (`pulse:read`, `pulse:scan`) in `_meta`.
 */
export function createStdioBridge(options: StdioBridgeOptions) {
  const upstream = new Client({ name: "public-scan-mcp (local)", version: options.version });
  let connected: Promise<void> | null = null;
  const connect = () =>
    (connected ??= upstream
      .connect(
        // Under the base URL's path, when it has one (a deployment behind a path prefix): `new URL("/mcp", base)` drops it.
        new StreamableHTTPClientTransport(new URL(`${options.baseUrl.replace(/\/+$/, "")}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${options.apiKey}` } },
          ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        }),
      )
      .catch((error: unknown) => {
        // The next request tries again: the deployment may have been down for a moment.
        connected = null;
        throw error;
      }));

  const server = new Server(
    { name: "public-scan", version: options.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        "Privacy and consent scans of public websites, through the deployment's API with your key. Results are automated observations for review, not legal advice.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => {
    await connect();
    const { tools } = await upstream.listTools(undefined, { signal: extra.signal });
    return {
      tools: tools.map((tool): Tool => ({ ...tool, _meta: { ...tool._meta, "public-scan/localScope": LOCAL_SCOPE_OF_TOOL(tool.name) } })),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    await connect();
    const progressToken = request.params._meta?.progressToken;
    const result = await upstream.callTool({ name: request.params.name, arguments: request.params.arguments ?? {} }, undefined, {
      signal: extra.signal,
      timeout: options.callTimeoutMs ?? 5 * 60_000,
      resetTimeoutOnProgress: true,
      ...(progressToken === undefined
        ? {}
        : {
            onprogress: (progress) =>
              void extra.sendNotification({ method: "notifications/progress", params: { ...progress, progressToken } }).catch(() => {}),
          }),
    });
    return result;
  });

  return {
    server,
    /** Closes the upstream connection and the server. */
    close: async () => {
      await upstream.close();
      await server.close();
    },
  };
}
