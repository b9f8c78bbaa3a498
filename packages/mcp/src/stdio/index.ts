/**
 * @public-scan/mcp/stdio: the local stdio MCP server (`public-scan-mcp`), Node only: the deployment's hosted
 * tools over stdio with an API key (`createStdioBridge`, `runLocalMcp`), and its doctor.
 */
export { createStdioBridge } from "./create-stdio-bridge.js";
export type { StdioBridgeOptions } from "./create-stdio-bridge.js";
export { formatDoctor, runDoctor } from "./run-doctor.js";
export type { DoctorCheck, DoctorInput } from "./run-doctor.js";
export { DEFAULT_BASE_URL, LOCAL_MCP_USAGE, runLocalMcp } from "./run-local-mcp.js";
export type { LocalMcpIo } from "./run-local-mcp.js";
export { LOCAL_SCOPE_OF_TOOL, toLocalScopes } from "./local-scopes.js";
export type { LocalScope } from "./local-scopes.js";
