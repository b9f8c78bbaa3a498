/**
 * @public-scan/mcp: the MCP servers of public-scan over core's tool table. `createMcpHttpHandler` is the
 * Streamable HTTP endpoint of the hosted (/mcp) or Light (/mcp/light) surface for any host;
 * `createServiceMcpServer` is the server itself, for other transports (in-memory, stdio).
 */
export { createMcpHttpHandler } from "./create-mcp-http-handler.js";
export type { McpHttpHandler, McpHttpHandlerOptions, McpRequestContext, McpSurface } from "./create-mcp-http-handler.js";
export type { SessionOptions } from "./create-session-registry.js";
export { createServiceMcpServer } from "./create-service-mcp-server.js";
export type { ServiceMcpServerOptions } from "./create-service-mcp-server.js";
export { TOOL_OUTPUTS } from "./tool-outputs.js";
export { PROTECTED_RESOURCE_METADATA_PATH } from "./oauth/oauth-resource-options.js";
export type { OAuthResourceOptions } from "./oauth/oauth-resource-options.js";
export { toProtectedResourceMetadata } from "./oauth/to-protected-resource-metadata.js";
export { createProtectedResourceMetadataHandler } from "./oauth/create-protected-resource-metadata-handler.js";
// The local stdio server (`public-scan-mcp`): the deployment's hosted tools with an API key, and doctor.
export { createStdioBridge } from "./stdio/create-stdio-bridge.js";
export type { StdioBridgeOptions } from "./stdio/create-stdio-bridge.js";
export { formatDoctor, runDoctor } from "./stdio/run-doctor.js";
export type { DoctorCheck, DoctorInput } from "./stdio/run-doctor.js";
export { DEFAULT_BASE_URL, LOCAL_MCP_USAGE, runLocalMcp } from "./stdio/run-local-mcp.js";
export type { LocalMcpIo } from "./stdio/run-local-mcp.js";
export { LOCAL_SCOPE_OF_TOOL, toLocalScopes } from "./stdio/local-scopes.js";
export type { LocalScope } from "./stdio/local-scopes.js";
