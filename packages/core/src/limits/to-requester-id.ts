// No node:net here: core stays free of socket modules (ARCHITECTURE.md), and these shapes are all it needs.
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+$/;
const isIPv4 = (value: string) => IPV4.test(value);
const isIPv6 = (value: string) => value.includes(":") && IPV6.test(value) && (value.match(/::/g) ?? []).length <= 1;

/**
 * The requester network issuance caps count per: the /24 of an IPv4 address, the /64 of an IPv6 address
 * (one subscriber usually holds a whole /64). Anything else is its own network.
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped !== undefined) return networkOf(mapped);
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) {
    const [head = "", tail = ""] = address.split("::");
    const left = head === "" ? [] : head.split(":");
    const right = tail === "" ? [] : tail.split(":");
    const groups = address.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
    return `${groups
      .slice(0, 4)
      .map((group) => group.padStart(4, "0"))
      .join(":")}::/64`;
  }
  return address;
}

/**
 * The identity an anonymous caller is counted under: an IPv4 address as it is, an IPv6 address by its /64.
 * One subscriber commonly holds a whole IPv6 /64 and can pick any address in it, so counting full
 * addresses would hand out 2^64 allowances. (IPv4 stays per address: a /24 is often many households.)
 */
export function toRequesterId(ip: string): string {
  return ip.includes(":") && !/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? networkOf(ip) : ip.replace(/^::ffff:/i, "");
}
