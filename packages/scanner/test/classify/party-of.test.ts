import { describe, expect, it } from "vitest";
import { partyOf, registrableDomainOf } from "../../src/classify/party-of.js";

describe("partyOf", () => {
  it("is first party for the site's host and hosts on the same registrable domain", () => {
    expect(partyOf({ host: "www.example.com", siteHost: "www.example.com" })).toBe("first_party");
    expect(partyOf({ host: "cdn.example.com", siteHost: "www.example.com" })).toBe("first_party");
    expect(partyOf({ host: ".example.com", siteHost: "WWW.EXAMPLE.COM." })).toBe("first_party");
    expect(partyOf({ host: "static.shop.example.co.uk", siteHost: "shop.example.co.uk" })).toBe("first_party");
  });

  it("is third party for other registrable domains, including look-alikes", () => {
    expect(partyOf({ host: "www.google-analytics.com", siteHost: "www.example.com" })).toBe("third_party");
    expect(partyOf({ host: "example.com.evil.test", siteHost: "www.example.com" })).toBe("third_party");
    expect(partyOf({ host: "other.co.uk", siteHost: "shop.example.co.uk" })).toBe("third_party");
  });

  it("separates sites under private suffixes such as github.io", () => {
    expect(partyOf({ host: "alice.github.io", siteHost: "bob.github.io" })).toBe("third_party");
    expect(partyOf({ host: "assets.alice.github.io", siteHost: "alice.github.io" })).toBe("first_party");
  });

  it("treats unlisted TLDs such as .test as one-label suffixes (the fixture web's hosts)", () => {
    expect(partyOf({ host: "cdn.shop.test", siteHost: "www.shop.test" })).toBe("first_party");
    expect(partyOf({ host: "www.tracker.test", siteHost: "www.shop.test" })).toBe("third_party");
  });

  it("compares hosts without a registrable domain by exact host", () => {
    expect(partyOf({ host: "127.0.0.1", siteHost: "127.0.0.1" })).toBe("first_party");
    expect(partyOf({ host: "127.0.0.2", siteHost: "127.0.0.1" })).toBe("third_party");
    expect(partyOf({ host: "[::1]", siteHost: "::1" })).toBe("first_party");
    expect(partyOf({ host: "localhost", siteHost: "localhost" })).toBe("first_party");
    expect(partyOf({ host: "intranet", siteHost: "localhost" })).toBe("third_party");
    expect(partyOf({ host: "", siteHost: "" })).toBe("third_party");
  });
});

describe("registrableDomainOf", () => {
  it("returns eTLD+1 with private suffixes, or null", () => {
    expect(registrableDomainOf("a.b.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomainOf("alice.github.io")).toBe("alice.github.io");
    expect(registrableDomainOf("www.shop.test")).toBe("shop.test");
    expect(registrableDomainOf("github.io")).toBeNull();
    expect(registrableDomainOf("192.168.0.1")).toBeNull();
    expect(registrableDomainOf("localhost")).toBeNull();
    expect(registrableDomainOf("")).toBeNull();
  });
});
