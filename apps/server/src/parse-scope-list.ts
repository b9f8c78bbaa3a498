import { SCOPES, type Scope } from "@public-scan/core";

/**
 * An operator's `--scopes a,b` (commas, spaces around them allowed): the scopes, or why the text is not a
 * list of core's `SCOPES`. Each command checks here, before core, where an unknown scope would be a throw.
 */
export function parseScopeList(text: string | undefined): { scopes: Scope[] } | { error: string } {
  const scopes = (text ?? "")
    .split(",")
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) return { error: `unknown scope ${unknown.join(", ")}` };
  if (scopes.length === 0) return { error: "--scopes is required" };
  return { scopes: scopes as Scope[] };
}
