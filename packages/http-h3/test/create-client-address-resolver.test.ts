import { describe, expect, it } from "vitest";
import { createClientAddressResolver } from "../src/index.js";

describe("createClientAddressResolver", () => {
  it("uses the socket peer and ignores X-Forwarded-For by default", () => {
    const resolve = createClientAddressResolver();
    expect(resolve({ peer: "203.0.113.5", forwardedFor: "198.51.100.1" })).toBe("203.0.113.5");
    expect(resolve({ peer: "::ffff:203.0.113.5", forwardedFor: null })).toBe("203.0.113.5");
    expect(resolve({ peer: undefined, forwardedFor: "198.51.100.1" })).toBeNull();
    expect(resolve({ peer: "not-an-ip", forwardedFor: null })).toBeNull();
  });

  it("walks X-Forwarded-For from the right, past trusted hops only", () => {
    const resolve = createClientAddressResolver(["10.0.0.0/8", "loopback"]);
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "198.51.100.1" })).toBe("198.51.100.1");
    // A client-supplied entry left of the first untrusted hop is never believed.
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "192.0.2.66, 198.51.100.1, 10.9.9.9" })).toBe("198.51.100.1");
    expect(resolve({ peer: "127.0.0.1", forwardedFor: "198.51.100.1" })).toBe("198.51.100.1");
    expect(resolve({ peer: "203.0.113.5", forwardedFor: "198.51.100.1" })).toBe("203.0.113.5");
    // Garbage ends the walk at the last address a trusted proxy vouched for.
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "<script>, 10.2.2.2" })).toBe("10.2.2.2");
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "2001:db8::1" })).toBe("2001:db8::1");
    // Entries with the client's port, as some load balancers write them.
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "198.51.100.1:5555" })).toBe("198.51.100.1");
    expect(resolve({ peer: "10.1.2.3", forwardedFor: "[2001:db8::7]:443" })).toBe("2001:db8::7");
  });

  it("understands private ranges and exact addresses, and refuses bad settings", () => {
    expect(createClientAddressResolver(["private"])({ peer: "192.168.1.1", forwardedFor: "198.51.100.1" })).toBe("198.51.100.1");
    expect(createClientAddressResolver(["fd00::/8"])({ peer: "fd12::1", forwardedFor: "198.51.100.1" })).toBe("198.51.100.1");
    expect(createClientAddressResolver(["192.0.2.10"])({ peer: "192.0.2.11", forwardedFor: "198.51.100.1" })).toBe("192.0.2.11");
    expect(() => createClientAddressResolver(["10.0.0.0/40"])).toThrow(/prefix/);
    expect(() => createClientAddressResolver(["proxy.example"])).toThrow(/not an address/);
  });
});
