/**
 * The contract's scope names of the local stdio server: `pulse:read` for its reading tools, `pulse:scan`
 * for the scan-creating one. They map onto the service scopes a key holds: `pulse:read` is `mcp` +
 * `scan:read`, `pulse:scan` is `mcp` + `scan:create`. The monitor tools (this service's) have no local name
 * in the contract: they carry the service scope they need, `monitor:write`.
 */
export type LocalScope = "pulse:read" | "pulse:scan" | "monitor:write";

/**
 * A tool's local scope, by its name: every monitor tool's name says `monitor` (checked against core's table
 * in the tests; the stdio server itself does not load core). A forwarded tool this version does not know yet
 * is a read.
 */
export const LOCAL_SCOPE_OF_TOOL = (name: string): LocalScope =>
  name === "service_scan_site" ? "pulse:scan" : /^service_\w*monitor/.test(name) ? "monitor:write" : "pulse:read";

/** The local scopes a key's service scopes grant. */
export function toLocalScopes(scopes: readonly string[]): LocalScope[] {
  if (!scopes.includes("mcp")) return [];
  return [
    ...(scopes.includes("scan:read") ? (["pulse:read"] as const) : []),
    ...(scopes.includes("scan:create") ? (["pulse:scan"] as const) : []),
    ...(scopes.includes("monitor:write") ? (["monitor:write"] as const) : []),
  ];
}
