import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { passJsonRpcError } from "../to-json-rpc-error.js";
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
 * tool is marked with its local scope (`pulse:read`, `pulse:scan`) in `_meta`. A scan's resources and the
 * prompts are forwarded the same way.
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
      capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
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

  // A scan's resources and the prompts, as the deployment offers them to this key: a key whose tools open
  // none gets none (the deployment then declares no such capability, and the bridge answers empty lists).
  const offers = async (capability: "resources" | "prompts") => {
    await connect();
    return upstream.getServerCapabilities()?.[capability] !== undefined;
  };
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request, extra) =>
    (await offers("resources")) ? upstream.listResourceTemplates(request.params, { signal: extra.signal }) : { resourceTemplates: [] },
  );
  server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) =>
    (await offers("resources")) ? upstream.listResources(request.params, { signal: extra.signal }) : { resources: [] },
  );
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    await connect();
    return upstream.readResource(request.params, { signal: extra.signal }).catch(passJsonRpcError);
  });
  server.setRequestHandler(ListPromptsRequestSchema, async (request, extra) =>
    (await offers("prompts")) ? upstream.listPrompts(request.params, { signal: extra.signal }) : { prompts: [] },
  );
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
    await connect();
    return upstream.getPrompt(request.params, { signal: extra.signal }).catch(passJsonRpcError);
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
