import { judgeAddress } from "./classify-address.js";
import { createAsyncLookup, isLoopbackName, type EgressLookup } from "./create-async-lookup.js";
import type { EgressDecision, EgressRefusal, EgressTarget } from "./egress-decision.js";
import { isMetadataHostName } from "./metadata-host-names.js";
import { normalizeHost, parseIpAddress } from "./normalize-host.js";
import { matchesParsedHostPattern, parseHostPattern } from "./parse-host-pattern.js";
import type { ResolveRule } from "./parse-resolve-rules.js";

export interface EgressGuardOptions {
  /** Resolver overrides, first match wins (see `parseResolveRules`). Their targets are still checked. */
  resolve?: readonly ResolveRule[];
  /** Host-name patterns that may reach non-public addresses. Default: none. */
  allowPrivateTargets?: readonly string[];
  /**
   * The resolver; default: `createAsyncLookup()` (c-ares, bounded by timeouts, off libuv's thread pool).
   * Tests inject one so that nothing leaves the machine.
   */
  lookup?: EgressLookup;
}

export interface EgressGuard {
  check(target: EgressTarget): Promise<EgressDecision>;
}

const refuse = (reason: EgressRefusal): EgressDecision => ({ allowed: false, reason });

/**
 * The one egress policy of a scan, shared by the browser's proxy and the Node-side probes. Patterns and
 * rules are parsed here, so a malformed one fails the scan's setup rather than a request. `check`:
 * normalises the host as the browser does; refuses metadata names unless named exactly; takes the address
 * from the first matching resolve rule, the IP literal itself, or the lookup; refuses unless EVERY address
 * is allowed (a name answering [public, private] is a rebinding attempt); and pins the first address, so
 * the caller connects to exactly what was checked.
 */
export function createEgressGuard(options: EgressGuardOptions = {}): EgressGuard {
  const rules = (options.resolve ?? []).map((rule) => ({ rule, pattern: parseHostPattern(rule.pattern) }));
  const allowed = (options.allowPrivateTargets ?? []).map(parseHostPattern);
  const lookup = options.lookup ?? createAsyncLookup();

  return {
    async check(target) {
      if (!Number.isInteger(target.port) || target.port < 0 || target.port > 65_535) return refuse("invalid_port");
      const host = normalizeHost(target.host);
      if (host === undefined) return refuse("invalid_host");
      const namedExactly = allowed.some((pattern) => pattern.kind === "exact" && pattern.host === host);
      if (isMetadataHostName(host) && !namedExactly) return refuse("metadata_host");

      const rule = rules.find(({ pattern }) => matchesParsedHostPattern(pattern, host))?.rule;
      const literal = parseIpAddress(host);
      const texts = rule ? [rule.address] : literal ? [host] : isLoopbackName(host) ? ["127.0.0.1"] : await lookupSafely(lookup, host);
      const addresses = texts.map(parseIpAddress);
      const first = addresses[0];
      if (first === undefined || !addresses.every((address) => address !== undefined)) return refuse("unresolvable");

      const policy = {
        hostIsLiteral: literal !== undefined,
        fromRule: rule !== undefined,
        namedExactly,
        matchesPattern: allowed.some((pattern) => matchesParsedHostPattern(pattern, host)),
      };
      for (const address of addresses) {
        const reason = judgeAddress(address, policy);
        if (reason !== undefined) return refuse(reason);
      }
      return { allowed: true, address: first.toString(), family: first.kind() === "ipv4" ? 4 : 6, port: rule?.port ?? target.port };
    },
  };
}

/** A failed lookup is a refusal, not an exception: the caller answers 502/403, never crashes. */
async function lookupSafely(lookup: EgressLookup, host: string): Promise<string[]> {
  try {
    return (await lookup(host)).map(({ address }) => address);
  } catch {
    return [];
  }
}
