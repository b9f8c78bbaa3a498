import { matchesParsedHostPattern } from "./matches-host-pattern.js";
import { normalizeHost } from "./normalize-host.js";
import { parseHostPattern } from "./parse-host-pattern.js";
import type { ResolveRule } from "./parse-resolve-rules.js";

/**
 * The first rule whose pattern matches `host`, or `undefined`. Order is the priority: the first match wins
 * even when a later rule names the host exactly, as with curl's `--connect-to`, so list specific rules
 * before wildcards. `*` also matches IP-literal hosts.
 */
export function findResolveRule(rules: readonly ResolveRule[], host: string): ResolveRule | undefined {
  const normalized = normalizeHost(host);
  if (normalized === undefined) return undefined;
  return rules.find((rule) => matchesParsedHostPattern(parseHostPattern(rule.pattern), normalized));
}
