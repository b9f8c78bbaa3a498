/**
 * @public-scan/mcp: the hosted (Streamable HTTP, full and Light) and local stdio MCP servers.
 * Nothing is exported yet: the tools land with the MCP work, over core's use-cases.
 */
export {};
