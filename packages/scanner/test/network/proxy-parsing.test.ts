import { describe, expect, it } from "vitest";
import { parseAuthority, parseProxyTarget } from "../../src/network/parse-proxy-target.js";
import { toForwardedHeaders } from "../../src/network/forward-http-request.js";

describe("parseAuthority (CONNECT targets)", () => {
  it("reads host:port and [v6]:port", () => {
    expect(parseAuthority("www.example.com:443")).toEqual({ host: "www.example.com", port: 443 });
    expect(parseAuthority("[::1]:8443")).toEqual({ host: "[::1]", port: 8443 });
  });

  it.each([
    "www.example.com",
    "www.example.com:",
    ":443",
    "host:0",
    "host:65536",
    "user@host:443",
    "::1:443",
    "host:443/path",
    "a b:443",
    "",
  ])("refuses %j", (text) => {
    expect(parseAuthority(text)).toBeUndefined();
  });
});

describe("parseProxyTarget (absolute-form request targets)", () => {
  it("splits host, port, Host header and path with query", () => {
    expect(parseProxyTarget("http://www.Example.com/a/b?c=d")).toEqual({
      host: "www.example.com",
      port: 80,
      hostHeader: "www.example.com",
      path: "/a/b?c=d",
    });
    expect(parseProxyTarget("ws://[::1]:8080/chat")).toEqual({ host: "[::1]", port: 8080, hostHeader: "[::1]:8080", path: "/chat" });
  });

  it("normalises the host as the browser does, so the guard sees the real address", () => {
    expect(parseProxyTarget("http://0x7f.1/")?.host).toBe("127.0.0.1");
    expect(parseProxyTarget("http://user:pw@169.254.169.254/")?.host).toBe("169.254.169.254");
  });

  it.each(["/origin-form", "https://www.example.com/", "ftp://www.example.com/", "http://", "http://exa mple.com/", "www.example.com:80"])(
    "refuses %j",
    (text) => {
      expect(parseProxyTarget(text)).toBeUndefined();
    },
  );
});

describe("toForwardedHeaders", () => {
  const raw = [
    "Host",
    "wrong.example",
    "Connection",
    "keep-alive, X-Secret-Hop",
    "X-Secret-Hop",
    "1",
    "Proxy-Connection",
    "keep-alive",
    "Proxy-Authorization",
    "Basic c2VjcmV0",
    "Transfer-Encoding",
    "chunked",
    "Upgrade",
    "websocket",
    "Set-Cookie",
    "a=1",
    "Set-Cookie",
    "b=2",
    "Accept",
    "*/*",
  ];

  it("drops hop-by-hop headers and those the Connection header names, keeping order, case and repeats", () => {
    expect(toForwardedHeaders(raw)).toEqual(["Host", "wrong.example", "Set-Cookie", "a=1", "Set-Cookie", "b=2", "Accept", "*/*"]);
  });

  it("replaces Host with the target's authority", () => {
    expect(toForwardedHeaders(raw, { host: "www.example.com" }).slice(0, 4)).toEqual(["Host", "www.example.com", "Set-Cookie", "a=1"]);
  });

  it("keeps the upgrade handshake when asked to", () => {
    const headers = toForwardedHeaders(raw, { host: "ws.example", keepUpgrade: true });
    expect(headers).toContain("Upgrade");
    expect(headers.slice(-2)).toEqual(["Connection", "Upgrade"]);
    expect(headers).not.toContain("Proxy-Authorization");
  });
});
