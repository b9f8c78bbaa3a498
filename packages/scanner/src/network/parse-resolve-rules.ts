import { isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";
import { normalizeHost } from "./normalize-host.js";
import { matchesParsedHostPattern, parseHostPattern, quoteInput } from "./parse-host-pattern.js";

/**
 * One resolver override: hosts matching `pattern` connect to `address` (and to `port` instead of the
 * requested port when it is set). `pattern` is normalised (`*`, `*.suffix` or one host); `address` is
 * written without brackets, ready for `net.connect`.
 */
export interface ResolveRule {
  pattern: string;
  address: string;
  family: 4 | 6;
  port?: number;
}

const PORT = /^\d{1,5}$/;

/**
 * Parses `PATTERN=ADDRESS[:PORT]` specs (in the spirit of Chromium's `--host-resolver-rules` and curl's
 * `--connect-to`): PATTERN is `*`, `*.example.com` or an exact host; ADDRESS is a dotted-quad IPv4 address
 * or a bracketed IPv6 address; PORT is 1-65535. Order is kept: the first matching rule wins (see
 * `findResolveRule`). Throws an Error naming the first malformed spec.
 */
export function parseResolveRules(specs: readonly string[]): ResolveRule[] {
  return specs.map(parseResolveRule);
}

function parseResolveRule(raw: string): ResolveRule {
  const spec = raw.trim();
  const fail = (why: string): never => {
    throw new Error(`Invalid resolve rule ${quoteInput(raw)}: ${why}`);
  };
  const equals = spec.indexOf("=");
  if (spec === "") fail("the rule is empty");
  if (equals < 0) fail('expected PATTERN=ADDRESS[:PORT], found no "="');
  const patternText = spec.slice(0, equals);
  let pattern: string;
  try {
    const parsed = parseHostPattern(patternText);
    pattern = parsed.kind === "any" ? "*" : parsed.kind === "subdomains" ? `*.${parsed.suffix}` : parsed.host;
  } catch {
    return fail(`the pattern ${quoteInput(patternText)} is not "*", "*.domain" or a host`);
  }
  const { address, portText, bracketed } = splitAddress(spec.slice(equals + 1)) ?? fail("the address must be IPv4 or [IPv6]");
  const family = !bracketed && isIPv4(address) ? 4 : bracketed && isIPv6(address) ? 6 : fail("the address must be IPv4 or [IPv6]");
  if (portText === undefined) return { pattern, address: canonical(address), family };
  const port = Number(portText);
  if (!PORT.test(portText) || port < 1 || port > 65_535) fail("the port must be a number from 1 to 65535");
  return { pattern, address: canonical(address), family, port };
}

/** `[v6]:port`, `[v6]`, `v4:port` or `v4`; anything else (an unbracketed IPv6 address) is malformed. */
function splitAddress(text: string): { address: string; portText?: string; bracketed: boolean } | undefined {
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close < 0) return undefined;
    const rest = text.slice(close + 1);
    if (rest !== "" && !rest.startsWith(":")) return undefined;
    return { address: text.slice(1, close), bracketed: true, ...(rest === "" ? {} : { portText: rest.slice(1) }) };
  }
  const parts = text.split(":");
  if (parts.length > 2) return undefined;
  const [address = "", portText] = parts;
  return portText === undefined ? { address, bracketed: false } : { address, portText, bracketed: false };
}

/** One spelling per address, so that rules and lookups compare equal (`::0:1` is `::1`). */
function canonical(address: string): string {
  return ipaddr.parse(address).toString();
}

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
