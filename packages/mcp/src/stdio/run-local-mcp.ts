import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createStdioBridge } from "./create-stdio-bridge.js";
import { formatDoctor, runDoctor } from "./run-doctor.js";

/** Where the local server points when PUBLIC_SCAN_BASE_URL is not set: a reference server on this machine. */
export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";

export const LOCAL_MCP_USAGE = `Usage: public-scan-mcp            run the MCP server on stdio (for an MCP host)
       public-scan-mcp doctor [--check-auth] [--json]

Environment:
  PUBLIC_SCAN_BASE_URL   the deployment (default ${DEFAULT_BASE_URL})
  PUBLIC_SCAN_API_KEY    an API key (svc_...); its scopes choose the tools`;

export interface LocalMcpIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  version: string;
  nodeVersion: string;
  stdin?: NodeJS.ReadableStream;
  stdoutStream?: NodeJS.WritableStream;
  fetch?: typeof fetch;
}

/**
 * The `public-scan-mcp` command. Without arguments it serves MCP on stdio until stdin closes: stdout carries
 * MCP messages only, and everything else goes to stderr. `doctor` checks the setup; exit code 1 on a failure.
 */
export async function runLocalMcp(argv: readonly string[], io: LocalMcpIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { "check-auth": { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    io.stderr(`public-scan-mcp: ${error instanceof Error ? error.message : String(error)}\n\n${LOCAL_MCP_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stderr(`${LOCAL_MCP_USAGE}\n`);
    return 0;
  }
  const baseUrl = (io.env.PUBLIC_SCAN_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(baseUrl)) {
    io.stderr(`public-scan-mcp: PUBLIC_SCAN_BASE_URL must be an http(s) URL, not ${baseUrl}\n`);
    return 2;
  }
  const apiKey = io.env.PUBLIC_SCAN_API_KEY?.trim() || undefined;
  if (positionals[0] === "doctor") {
    const result = await runDoctor({
      baseUrl,
      apiKey,
      checkAuth: values["check-auth"] ?? false,
      version: io.version,
      nodeVersion: io.nodeVersion,
      ...(io.fetch === undefined ? {} : { fetch: io.fetch }),
    });
    io.stdout(`${values.json ? JSON.stringify(result, null, 2) : formatDoctor(result)}\n`);
    return result.ok ? 0 : 1;
  }
  if (positionals.length > 0) {
    io.stderr(`public-scan-mcp: unknown command ${positionals[0]}\n\n${LOCAL_MCP_USAGE}\n`);
    return 2;
  }
  if (apiKey === undefined) {
    io.stderr("public-scan-mcp: set PUBLIC_SCAN_API_KEY to an API key (run `public-scan-mcp doctor` to check the setup)\n");
    return 2;
  }
  const bridge = createStdioBridge({ baseUrl, apiKey, version: io.version, ...(io.fetch === undefined ? {} : { fetch: io.fetch }) });
  const transport = new StdioServerTransport(io.stdin as never, io.stdoutStream as never);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The host closing stdin ends the session: exit cleanly rather than wait forever.
    (io.stdin ?? process.stdin).once("end", () => void bridge.close().finally(resolve));
  });
  await bridge.server.connect(transport);
  io.stderr(`public-scan-mcp ${io.version}: serving MCP on stdio for ${baseUrl}\n`);
  await closed;
  return 0;
}
