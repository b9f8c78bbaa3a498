import { z } from "zod";

/**
 * Scopes (contract "Authentication" item 2). `pulse:read` and `pulse:scan` are named by the local stdio
 * server for its read and scan-creating tools; hosted OAuth uses `scan:create` for scan creation.
 * `monitor:write` (this service's, docs/api.md "Monitors") lets a key create, read, pause and delete its own
 * monitors, whose scheduled scans are charged to it; support-gated like `scan:create`.
 */
export const SCOPES = ["scan:read", "scan:create", "mcp", "pulse:read", "pulse:scan", "monitor:write"] as const;
export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

/** Self-serve keys get exactly these; `scan:create` is support-gated. */
export const SELF_SERVE_SCOPES = ["scan:read", "mcp"] as const satisfies readonly Scope[];

/**
 * What each scope lets a key do. `pulse:read` and `pulse:scan` are the local stdio server's names for reading
 * and for scanning through MCP (contract "Authentication" item 2): a key that holds one can do just that, as
 * if it held `mcp` with `scan:read`, or `mcp` with `scan:create`. The others grant themselves.
 */
const SCOPE_GRANTS: { readonly [S in Scope]: readonly Scope[] } = {
  "scan:read": ["scan:read"],
  "scan:create": ["scan:create"],
  mcp: ["mcp"],
  "pulse:read": ["mcp", "scan:read"],
  "pulse:scan": ["mcp", "scan:create"],
  "monitor:write": ["monitor:write"],
};

/** The scopes a set of held scopes grants (`SCOPE_GRANTS`), each once. */
export function grantedScopes(held: readonly Scope[]): Scope[] {
  return [...new Set(held.flatMap((scope) => SCOPE_GRANTS[scope]))];
}
