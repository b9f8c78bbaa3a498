import { describe, expect, it } from "vitest";
import { classifyAddress, type AddressClass } from "../../src/network/index.js";

describe("classifyAddress", () => {
  it.each([
    // public
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["172.32.0.1", "public"],
    ["192.31.196.1", "public"],
    // loopback, in every spelling
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["2130706433", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["0x7f.0.0.1", "loopback"],
    ["0x7f000001", "loopback"],
    ["127.1", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    // private
    ["10.0.0.1", "private"],
    ["012.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fec0::1", "private"],
    ["64:ff9b:1::a00:1", "private"],
    // link-local, CGNAT, multicast, unspecified
    ["169.254.1.1", "link_local"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.255", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    // reserved: this network, benchmarking, documentation, future use, broadcast, unallocated IPv6
    ["0.1.2.3", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.1", "reserved"],
    ["203.0.113.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["2001:db8::1", "reserved"],
    ["3fff::1", "reserved"],
    ["100::1", "reserved"],
    ["2001:2::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["4000::1", "reserved"],
    // cloud metadata
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["168.63.129.16", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["fd00:0ec2:0000::0254", "metadata"],
    ["0xa9.0xfe.0xa9.0xfe", "metadata"],
    ["2852039166", "metadata"],
  ] as const)("classifies %s as %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  /** Addresses that embed an IPv4 address, and the class of the address they embed. */
  const EMBEDDING: Record<string, AddressClass> = {
    // IPv4-mapped, both spellings
    "::ffff:127.0.0.1": "loopback",
    "::ffff:7f00:1": "loopback",
    "[::ffff:7f00:1]": "loopback",
    "::ffff:10.0.0.1": "private",
    "::ffff:169.254.169.254": "metadata",
    "::ffff:8.8.8.8": "public",
    // IPv4-translated (RFC 6145) and IPv4-compatible
    "::ffff:0:7f00:1": "loopback",
    "::127.0.0.1": "loopback",
    "::a00:1": "private",
    // NAT64 well-known prefix
    "64:ff9b::127.0.0.1": "loopback",
    "64:ff9b::a9fe:a9fe": "metadata",
    "64:ff9b::808:808": "public",
    // 6to4
    "2002:7f00:1::": "loopback",
    "2002:c0a8:101::1": "private",
    "2002:808:808::1": "public",
  };
  it.each(Object.entries(EMBEDDING))("classifies %s by the IPv4 address it embeds (%s)", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(["", "localhost", "example.com", "1.2.3.4.5", "::g", "300.1.1.1"])("throws on a non-address %j", (text) => {
    expect(() => classifyAddress(text)).toThrowError(TypeError);
  });
});
