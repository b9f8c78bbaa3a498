import { z } from "zod";

/**
 * Scopes (contract "Authentication" item 2). `pulse:read` and `pulse:scan` are named by the local stdio
 * server for its read and scan-creating tools; hosted OAuth uses `scan:create` for scan creation.
 */
export const SCOPES = ["scan:read", "scan:create", "mcp", "pulse:read", "pulse:scan"] as const;
export type Scope = (typeof SCOPES)[number];
export const ScopeSchema = z.enum(SCOPES);

/** Self-serve keys get exactly these; `scan:create` is support-gated. */
export const SELF_SERVE_SCOPES = ["scan:read", "mcp"] as const satisfies readonly Scope[];
