import ipaddr from "ipaddr.js";
import type { EgressRefusal } from "./egress-decision.js";
import { METADATA_ADDRESSES } from "./metadata-host-names.js";
import { type IpAddress, parseIpAddress } from "./normalize-host.js";

export type AddressClass =
  "public" | "loopback" | "private" | "link_local" | "cgnat" | "multicast" | "unspecified" | "reserved" | "metadata";

/**
 * IPv4 ranges, first match wins. Written out rather than taken from ipaddr.js's `range()` names so that
 * every range's class is a reviewed decision here (ipaddr.js calls 198.18/15 and 240/4 "reserved" too, but
 * its list and names change between releases). Anything unlisted is public.
 */
export const IPV4_RANGES = [
  ["0.0.0.0/32", "unspecified"],
  ["0.0.0.0/8", "reserved"], // "this network": Linux routes a connect to 0.x.y.z to the local host
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "cgnat"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link_local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.2.0/24", "reserved"], // TEST-NET-1 (documentation)
  ["192.88.99.0/24", "reserved"], // deprecated 6to4 relay anycast
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "reserved"], // benchmarking
  ["198.51.100.0/24", "reserved"], // TEST-NET-2 (documentation)
  ["203.0.113.0/24", "reserved"], // TEST-NET-3 (documentation)
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"], // future use, includes the limited broadcast 255.255.255.255
] as const;

/**
 * IPv6 ranges, first match wins, checked after the forms that embed an IPv4 address (see `embeddedIPv4`).
 * Only global unicast (2000::/3) outside the special blocks is public; everything else is unallocated.
 */
export const IPV6_RANGES = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["64:ff9b:1::/48", "private"], // local-use NAT64 (RFC 8215): the embedding is site-specific
  ["100::/64", "reserved"], // discard-only
  ["2001::/32", "reserved"], // Teredo: the client address is obfuscated and the relay is unknowable
  ["2001:2::/48", "reserved"], // benchmarking
  ["2001:10::/28", "reserved"], // ORCHID (identifiers, not locators)
  ["2001:20::/28", "reserved"], // ORCHIDv2
  ["2001:db8::/32", "reserved"], // documentation
  ["3fff::/20", "reserved"], // documentation (RFC 9637)
  ["5f00::/16", "reserved"], // SRv6 segment identifiers
  ["fc00::/7", "private"], // unique local
  ["fe80::/10", "link_local"],
  ["fec0::/10", "private"], // deprecated site-local, still routed inside some sites
  ["ff00::/8", "multicast"],
  ["2000::/3", "public"],
] as const;

const compile = <C extends AddressClass>(table: ReadonlyArray<readonly [string, C]>) =>
  table.map(([cidr, addressClass]) => ({ cidr: ipaddr.parseCIDR(cidr), addressClass }));

const V4 = compile(IPV4_RANGES);
const V6 = compile(IPV6_RANGES);
const METADATA = METADATA_ADDRESSES.map((text) => ipaddr.parse(text));

/**
 * Classifies an IP address (any spelling `parseIpAddress` accepts). IPv6 forms that carry an IPv4 address
 * (mapped, translated, compatible, NAT64 64:ff9b::/96, 6to4) are classified by the IPv4 address, because
 * that is where a connection ends up. Throws a TypeError for a string that is not an IP address.
 */
export function classifyAddress(ip: string): AddressClass {
  const address = parseIpAddress(ip);
  if (address === undefined) throw new TypeError("classifyAddress: not an IP address");
  return classifyParsedAddress(address);
}

export function classifyParsedAddress(address: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  if (METADATA.some((known) => known.kind() === address.kind() && address.match(known, known.kind() === "ipv4" ? 32 : 128))) {
    return "metadata";
  }
  if (address instanceof ipaddr.IPv4) return V4.find(({ cidr }) => address.match(cidr))?.addressClass ?? "public";
  const embedded = embeddedIPv4(address);
  if (embedded !== undefined) return classifyParsedAddress(embedded);
  return V6.find(({ cidr }) => address.match(cidr))?.addressClass ?? "reserved";
}

/** The IPv4 address an IPv6 address carries, for the forms where the packet really goes to that address. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const [p0, p1, p2, p3, p4, p5, p6 = 0, p7 = 0] = address.parts;
  const low = new ipaddr.IPv4([p6 >> 8, p6 & 0xff, p7 >> 8, p7 & 0xff]);
  const zeroUpTo4 = p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0;
  if (zeroUpTo4 && p4 === 0 && p5 === 0xffff) return low; // ::ffff:a.b.c.d, IPv4-mapped
  if (zeroUpTo4 && p4 === 0xffff && p5 === 0) return low; // ::ffff:0:a.b.c.d, IPv4-translated (RFC 6145)
  if (zeroUpTo4 && p4 === 0 && p5 === 0 && (p6 !== 0 || p7 > 1)) return low; // ::a.b.c.d, IPv4-compatible
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return low; // NAT64
  if (p0 === 0x2002 && p1 !== undefined && p2 !== undefined) {
    return new ipaddr.IPv4([p1 >> 8, p1 & 0xff, p2 >> 8, p2 & 0xff]); // 6to4: 2002:AABB:CCDD::/48
  }
  return undefined;
}

export interface AddressPolicy {
  /** The host is an IP literal: its own address, or a rule's, needs the literal named exactly. */
  hostIsLiteral: boolean;
  /** The address came from a resolve rule rather than from the literal or a lookup. */
  fromRule: boolean;
  /** An exact `allowPrivateTargets` pattern names the host. */
  namedExactly: boolean;
  /** Some `allowPrivateTargets` pattern, wildcard or exact, matches the host. */
  matchesPattern: boolean;
}

/**
 * Decides one address: `undefined` when it may be reached, else the refusal. Wildcards may open private
 * ranges for names (the fixture web, a staging network), but never metadata services and never raw IP
 * literals: those two are how SSRF payloads are written, so they need a deliberate exact entry.
 */
export function judgeAddress(address: IpAddress, policy: AddressPolicy): EgressRefusal | undefined {
  const addressClass = classifyParsedAddress(address);
  if (addressClass === "public") return undefined;
  if (addressClass === "metadata") return policy.namedExactly ? undefined : "metadata_address";
  if (policy.hostIsLiteral) {
    if (policy.namedExactly) return undefined;
    return policy.fromRule ? "private_address" : "ip_literal_private";
  }
  return policy.matchesPattern ? undefined : "private_address";
}
