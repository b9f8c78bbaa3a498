import { beforeAll, describe, expect, it } from "vitest";
import { loadOpenCookieDatabase, type OpenCookieDatabase, parseOpenCookieDatabase } from "../../src/classify/load-open-cookie-database.js";
import { domainAgreement, matchCookieName } from "../../src/classify/match-cookie-name.js";
import { matchOpenCookieDomain } from "../../src/classify/match-tracker-host.js";
import { purposeOfOpenCookieCategory } from "../../src/classify/open-cookie-purpose.js";

const HEADER =
  "ID,Platform,Category,Cookie / Data Key name,Domain,Description,Retention period,Data Controller,User Privacy & GDPR Rights Portals,Wildcard match";
const row = (fields: { id: string; platform: string; category: string; name: string; domain?: string; wildcard?: boolean }) =>
  [
    fields.id,
    fields.platform,
    fields.category,
    fields.name,
    fields.domain ?? "",
    "d",
    "1 year",
    "c",
    "https://example.com/",
    fields.wildcard ? "1" : "0",
  ].join(",");
const tiny = (...rows: string[]) => parseOpenCookieDatabase({ csv: [HEADER, ...rows].join("\n"), version: "test" });

describe("loadOpenCookieDatabase", () => {
  let database: OpenCookieDatabase;
  beforeAll(async () => {
    database = await loadOpenCookieDatabase();
  });

  it("reads every row of the bundled snapshot and its version", () => {
    expect(database.entries).toHaveLength(2264);
    expect(database.entries.filter((entry) => entry.wildcard).length).toBeGreaterThanOrEqual(260);
    expect(database.version).toBe("0ee5a17fe1cb002943f89370d24fc26a4226061c");
  });

  it("normalises the free-text Domain column into hosts", () => {
    const fbp = matchCookieName(database, { name: "_fbp" });
    expect(fbp?.domains).toEqual(["facebook.com"]);
    const muid = matchCookieName(database, { name: "MUID" });
    expect(muid?.domains).toEqual(["bing.com", "microsoft.com"]);
    for (const entry of database.entries) for (const domain of entry.domains) expect(domain).toMatch(/^[a-z0-9.-]+\.[a-z]{2,}$/);
  });

  it("refuses a file whose header changed", () => {
    expect(() => parseOpenCookieDatabase({ csv: "ID,Platform\n1,x", version: "x" })).toThrow(/header/);
  });
});

describe("matchCookieName on real rows", () => {
  let database: OpenCookieDatabase;
  beforeAll(async () => {
    database = await loadOpenCookieDatabase();
  });

  it("matches exact names", () => {
    expect(matchCookieName(database, { name: "_ga" })).toMatchObject({
      platform: "Google Analytics",
      purpose: "analytics",
      wildcard: false,
    });
    expect(matchCookieName(database, { name: "_fbp", domain: "www.example.com" })).toMatchObject({
      platform: "Facebook",
      purpose: "marketing",
    });
    expect(matchCookieName(database, { name: "IDE", domain: ".doubleclick.net" })).toMatchObject({
      platform: "DoubleClick/Google Marketing",
      purpose: "marketing",
    });
  });

  it("matches wildcard rows as prefixes", () => {
    expect(matchCookieName(database, { name: "_ga_ABC123" })).toMatchObject({ name: "_ga_", platform: "Google Analytics", wildcard: true });
    expect(matchCookieName(database, { name: "_hjSessionUser_123" })).toMatchObject({ name: "_hjSessionUser_", platform: "Hotjar" });
    expect(matchCookieName(database, { name: "mp_0123456789abcdef_mixpanel" })).toMatchObject({ name: "mp_", platform: "Mixpanel" });
  });

  it("treats a name ending in * as a prefix", () => {
    expect(matchCookieName(database, { name: "UID_EXT_abc" })).toMatchObject({ name: "UID_EXT_", platform: "Undertone", wildcard: true });
  });

  it("prefers an exact row over a wildcard row", () => {
    // `_gat` is a wildcard row; `_ga` is exact, and `_ga` must not be taken for the `_ga_` prefix.
    expect(matchCookieName(database, { name: "_ga" })?.wildcard).toBe(false);
    expect(matchCookieName(database, { name: "_gat_UA-1" })).toMatchObject({ name: "_gat", wildcard: true });
  });

  it("prefers the row whose Domain is the cookie's site", () => {
    expect(matchCookieName(database, { name: "DSID", domain: ".doubleclick.net" })?.platform).toBe("DoubleClick/Google Marketing");
    expect(matchCookieName(database, { name: "DSID", domain: "google.com" })?.platform).toBe("Google");
    expect(matchCookieName(database, { name: "tp", domain: "t.tailtarget.com" })?.platform).toBe("Tailtarget");
    expect(matchCookieName(database, { name: "tp", domain: "www.example.com" })?.platform).toBe("Bombora");
  });

  it("does not let a short, unconfirmed pattern claim unrelated names", () => {
    expect(matchCookieName(database, { name: "_session_id", domain: "www.example.com" })).toBeNull();
    expect(matchCookieName(database, { name: "captcha_token", domain: "www.example.com" })).toBeNull();
    expect(matchCookieName(database, { name: "_sxyz", domain: "events.newsroom.bi" })?.platform).toBe("Marfeel");
  });

  it("returns null for unknown and empty names", () => {
    expect(matchCookieName(database, { name: "session-canary-7f3a" })).toBeNull();
    expect(matchCookieName(database, { name: "" })).toBeNull();
  });

  it("finds the platform behind a host through the Domain column", () => {
    expect(matchOpenCookieDomain(database, "cdn.shopify.com")).toBe("Shopify");
    expect(matchOpenCookieDomain(database, "notshopify.com")).toBeNull();
  });
});

describe("matchCookieName ranking", () => {
  it("orders same-site rows first, then exact over wildcard, then rows without a domain, then longer patterns", () => {
    const database = tiny(
      row({ id: "1", platform: "Other", category: "Marketing", name: "abc", domain: "other.example" }),
      row({ id: "2", platform: "Nobody", category: "Analytics", name: "abc" }),
      row({ id: "3", platform: "Site", category: "Functional", name: "ab", domain: "site.example", wildcard: true }),
      row({ id: "4", platform: "Long", category: "Functional", name: "abcd_", wildcard: true }),
      row({ id: "5", platform: "Short", category: "Functional", name: "abc_", wildcard: true }),
    );
    expect(matchCookieName(database, { name: "abc", domain: "www.site.example" })?.platform).toBe("Site");
    expect(matchCookieName(database, { name: "abc", domain: "www.elsewhere.example" })?.platform).toBe("Nobody");
    expect(matchCookieName(database, { name: "abcd_1" })?.platform).toBe("Long");
    expect(matchCookieName(database, { name: "abc_1" })?.platform).toBe("Short");
  });

  it("tells whether a row's domain is the cookie's site", () => {
    const database = tiny(row({ id: "1", platform: "P", category: "Marketing", name: "n", domain: "ads.vendor.example (3rd party)" }));
    const entry = database.entries[0]!;
    expect(domainAgreement(entry, ".vendor.example")).toBe("same_site");
    expect(domainAgreement(entry, "www.example.com")).toBe("other_site");
    expect(domainAgreement(entry, undefined)).toBe("unspecified");
  });
});

describe("purposeOfOpenCookieCategory", () => {
  it("maps every category of the database, Necessary as functional, and unknown ones to unknown", () => {
    expect(purposeOfOpenCookieCategory("Functional")).toBe("functional");
    expect(purposeOfOpenCookieCategory("Necessary")).toBe("functional");
    expect(purposeOfOpenCookieCategory("Preferences")).toBe("preferences");
    expect(purposeOfOpenCookieCategory("Personalization")).toBe("preferences");
    expect(purposeOfOpenCookieCategory("Analytics")).toBe("analytics");
    expect(purposeOfOpenCookieCategory("Marketing")).toBe("marketing");
    expect(purposeOfOpenCookieCategory("Security")).toBe("security");
    expect(purposeOfOpenCookieCategory("Tracking")).toBe("unknown");
    expect(purposeOfOpenCookieCategory("toString")).toBe("unknown");
  });

  it("leaves no category of the bundled snapshot unmapped", async () => {
    const database = await loadOpenCookieDatabase();
    expect(database.entries.filter((entry) => entry.purpose === "unknown").map((entry) => entry.category)).toEqual([]);
  });
});
