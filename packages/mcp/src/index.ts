/**
 * @public-scan/mcp: the MCP servers of public-scan over core's tool table. `createMcpHttpHandler` is the
 * Streamable HTTP endpoint of the hosted (/mcp) or Light (/mcp/light) surface for any host;
 * `createServiceMcpServer` is the server itself, for other transports (in-memory, stdio). Host-neutral: it
 * needs only web-standard `Request`, `Response` and `crypto`. The local stdio server, which needs Node's
 * process and streams, is its own entry, `@public-scan/mcp/stdio`.
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
