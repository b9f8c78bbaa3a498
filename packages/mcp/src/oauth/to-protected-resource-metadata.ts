/** The scopes a hosted OAuth token may carry (the local stdio server's `pulse:*` names are not used here). */
export const HOSTED_SCOPES = ["mcp", "scan:read", "scan:create"] as const;

/**
 * The OAuth protected-resource metadata of `/mcp` (RFC 9728): which authorization server issues tokens for
 * it and which scopes it knows, so an MCP client can discover where to sign in from a 401.
 */
export function toProtectedResourceMetadata(input: { resource: string; issuer: string }) {
  return {
    resource: input.resource,
    authorization_servers: [input.issuer],
    scopes_supported: [...HOSTED_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "public-scan MCP",
  };
}
