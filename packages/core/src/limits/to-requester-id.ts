import { networkOf } from "../keys/network-of.js";

/**
 * The identity an anonymous caller is counted under: an IPv4 address as it is, an IPv6 address by its /64.
 * One subscriber commonly holds a whole IPv6 /64 and can pick any address in it, so counting full
 * addresses would hand out 2^64 allowances. (IPv4 stays per address: a /24 is often many households.)
 */
export function toRequesterId(ip: string): string {
  return ip.includes(":") && !/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? networkOf(ip) : ip.replace(/^::ffff:/i, "");
}
