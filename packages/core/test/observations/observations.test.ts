import { describe, expect, it } from "vitest";
import { CookieObservationSchema } from "../../src/observations/cookie-observation.js";
import { hostOf, toSafeUrl } from "../../src/observations/safe-url.js";
import { RequestObservationSchema } from "../../src/observations/request-observation.js";
import { SafeUrlSchema, UNCLASSIFIED } from "../../src/observations/observation-primitives.js";

const cookie = {
  name: "_ga",
  domain: "example.com",
  hostOnly: false,
  path: "/",
  session: false,
  expiresInSeconds: 63072000,
  secure: false,
  httpOnly: false,
  sameSite: "lax",
  partitioned: false,
  size: 30,
  setBy: "javascript",
  setterHost: "www.googletagmanager.com",
  party: "first_party",
  phase: "pre_consent",
  blockedReasons: null,
  classification: { vendor: "Google", purpose: "analytics", category: "analytics", sources: ["open_cookie_database"] },
};

describe("observations", () => {
  it("accept a minimised cookie and refuse any value field", () => {
    expect(CookieObservationSchema.safeParse(cookie).success).toBe(true);
    // zod strips unknown keys: a value passed by mistake never survives parsing.
    const parsed = CookieObservationSchema.parse({ ...cookie, value: "CANARY-secret" });
    expect(JSON.stringify(parsed)).not.toContain("CANARY");
  });

  it("refuse hosts that carry a path or query", () => {
    const request = {
      host: "www.google-analytics.com",
      registrableDomain: "google-analytics.com",
      party: "third_party",
      resourceType: "beacon",
      initiatorHost: null,
      status: 204,
      refused: false,
      count: 2,
      phase: "pre_consent",
      trackerListed: true,
      classification: UNCLASSIFIED,
    };
    expect(RequestObservationSchema.safeParse(request).success).toBe(true);
    expect(RequestObservationSchema.safeParse({ ...request, host: "www.google-analytics.com/g/collect?cid=1" }).success).toBe(false);
  });

  it.each([
    ["https://user:pw@example.com/a/b?id=CANARY#frag", "https://example.com/a/b"],
    ["http://Example.COM:8080", "http://example.com:8080/"],
    ["wss://socket.example.com/live?token=x", "wss://socket.example.com/live"],
  ])("toSafeUrl(%s) keeps scheme, host, port and path only", (input, expected) => {
    expect(toSafeUrl(input)).toBe(expected);
    expect(SafeUrlSchema.safeParse(expected).success).toBe(true);
  });

  it("toSafeUrl refuses non-web schemes and cuts long paths", () => {
    expect(toSafeUrl("javascript:alert(1)")).toBeNull();
    expect(toSafeUrl("file:///etc/passwd")).toBeNull();
    expect(toSafeUrl(`https://example.com/${"a".repeat(1000)}`)!.length).toBeLessThan(300);
  });

  it("SafeUrlSchema refuses a query, a fragment or credentials", () => {
    for (const url of ["https://example.com/?q=1", "https://example.com/#x", "https://u:p@example.com/"]) {
      expect(SafeUrlSchema.safeParse(url).success).toBe(false);
    }
  });

  it("hostOf lower-cases and refuses garbage", () => {
    expect(hostOf("https://WWW.Example.com/x")).toBe("www.example.com");
    expect(hostOf("not a url")).toBeNull();
  });
});
