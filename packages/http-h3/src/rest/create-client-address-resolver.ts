import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Ranges the `loopback` and `private` keywords stand for (as ipaddr.js names them). */
const KEYWORD_RANGES: Record<string, readonly string[]> = {
  loopback: ["loopback"],
  private: ["loopback", "private", "uniqueLocal", "linkLocal", "carrierGradeNat"],
};

function parseAddress(text: string): Address | null {
  // Some proxies append the client's port: `203.0.113.9:5555`, `[2001:db8::1]:443`.
  const trimmed = text
    .trim()
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1")
    .replace(/^\[(.*)\](?::\d+)?$/, "$1");
  if (!ipaddr.isValid(trimmed)) return null;
  const address = ipaddr.parse(trimmed);
  // An IPv4-mapped IPv6 peer (::ffff:10.0.0.1) is the IPv4 address for every rule.
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

function toMatcher(entry: string): (address: Address) => boolean {
  const keyword = KEYWORD_RANGES[entry.trim().toLowerCase()];
  if (keyword) return (address) => keyword.includes(address.range());
  const [base, bits] = entry.trim().split("/");
  const network = parseAddress(base ?? "");
  if (network === null) throw new Error(`trustedProxies: "${entry}" is not an address, a CIDR range, "loopback" or "private".`);
  const prefix = bits === undefined ? (network.kind() === "ipv4" ? 32 : 128) : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > (network.kind() === "ipv4" ? 32 : 128)) {
    throw new Error(`trustedProxies: "${entry}" has an invalid prefix length.`);
  }
  return (address) => address.kind() === network.kind() && address.match(network, prefix);
}

/**
 * The client address of a request. Behind no trusted proxy (the default) it is the socket's peer and any
 * `X-Forwarded-For` is ignored, so a client cannot choose its own rate-limit identity. With trusted proxies,
 * the header is read from the right: each hop added by a trusted proxy is skipped, and the first address
 * not in the list is the client (the scheme of express's proxy-addr). Malformed entries end the walk.
 */
export function createClientAddressResolver(trustedProxies: readonly string[] = []) {
  const matchers = trustedProxies.map(toMatcher);
  const trusted = (address: Address) => matchers.some((matches) => matches(address));
  return (input: { peer: string | undefined; forwardedFor: string | null }): string | null => {
    const peer = input.peer === undefined ? null : parseAddress(input.peer);
    if (peer === null) return null;
    if (matchers.length === 0 || input.forwardedFor === null || !trusted(peer)) return peer.toString();
    let client = peer;
    const hops = input.forwardedFor.split(",").reverse();
    for (const hop of hops) {
      if (!trusted(client)) break;
      const next = parseAddress(hop);
      if (next === null) break;
      client = next;
    }
    return client.toString();
  };
}

/**
 * Whether a request's peer is one of the trusted proxies (never, without any): what such a proxy says
 * about the request (`X-Request-Id`) is believed, as its `X-Forwarded-For` is.
 */
export function createProxyTrust(trustedProxies: readonly string[] = []): (peer: string | undefined) => boolean {
  const matchers = trustedProxies.map(toMatcher);
  return (peer) => {
    const address = peer === undefined ? null : parseAddress(peer);
    return address !== null && matchers.some((matches) => matches(address));
  };
}
