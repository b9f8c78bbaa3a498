/**
 * The contract's scope names of the local stdio server: `pulse:read` for its reading tools, `pulse:scan`
 * for the scan-creating one. They map onto the service scopes a key holds: `pulse:read` is `mcp` +
 * `scan:read`, `pulse:scan` is `mcp` + `scan:create`.
 */
export type LocalScope = "pulse:read" | "pulse:scan";

/** A tool's local scope, by its name (a forwarded tool may be one this version does not know yet: a read). */
export const LOCAL_SCOPE_OF_TOOL = (name: string): LocalScope => (name === "service_scan_site" ? "pulse:scan" : "pulse:read");

/** The local scopes a key's service scopes grant. */
export function toLocalScopes(scopes: readonly string[]): LocalScope[] {
  if (!scopes.includes("mcp")) return [];
  return [
    ...(scopes.includes("scan:read") ? (["pulse:read"] as const) : []),
    ...(scopes.includes("scan:create") ? (["pulse:scan"] as const) : []),
  ];
}
