import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { loadOpenCookieDatabase } from "../../src/classify/load-open-cookie-database.js";
import { loadTrackerCatalogue, parseTrackerCatalogue, type TrackerCatalogue } from "../../src/classify/load-tracker-catalogue.js";
import { matchTrackerHost } from "../../src/classify/match-tracker-host.js";
import { CATALOGUE_CATEGORIES } from "../../src/classify/tracker-category.js";

const CATALOGUE_URL = new URL("../../data/tracker-catalogue.json", import.meta.url);

/** Entries other packages' fixtures depend on: host -> [vendor, category]. */
const REQUIRED = {
  "www.googletagmanager.com": ["Google", "tag_manager"],
  "google-analytics.com": ["Google", "analytics"],
  "doubleclick.net": ["Google", "advertising"],
  "googlesyndication.com": ["Google", "advertising"],
  "googleadservices.com": ["Google", "advertising"],
  "youtube.com": ["Google", "embedded_content"],
  "youtube-nocookie.com": ["Google", "embedded_content"],
  "connect.facebook.net": ["Meta", "advertising"],
  "facebook.com": ["Meta", "advertising"],
  "hotjar.com": ["Hotjar", "session_replay"],
  "hotjar.io": ["Hotjar", "session_replay"],
  "bat.bing.com": ["Microsoft", "advertising"],
  "clarity.ms": ["Microsoft", "session_replay"],
  "licdn.com": ["LinkedIn", "advertising"],
  "ads.linkedin.com": ["LinkedIn", "advertising"],
  "analytics.tiktok.com": ["TikTok", "advertising"],
  "segment.com": ["Segment", "customer_data_platform"],
  "segment.io": ["Segment", "customer_data_platform"],
  "hs-scripts.com": ["HubSpot", "marketing_automation"],
  "hubspot.com": ["HubSpot", "marketing_automation"],
  "hs-analytics.net": ["HubSpot", "marketing_automation"],
  "mixpanel.com": ["Mixpanel", "analytics"],
  "mxpnl.com": ["Mixpanel", "analytics"],
  "plausible.io": ["Plausible", "analytics"],
  "matomo.cloud": ["Matomo", "analytics"],
  "criteo.com": ["Criteo", "advertising"],
  "criteo.net": ["Criteo", "advertising"],
  "taboola.com": ["Taboola", "advertising"],
  "outbrain.com": ["Outbrain", "advertising"],
  "twitter.com": ["X (Twitter)", "advertising"],
  "x.com": ["X (Twitter)", "advertising"],
  "ads-twitter.com": ["X (Twitter)", "advertising"],
  "pinterest.com": ["Pinterest", "advertising"],
  "pinimg.com": ["Pinterest", "advertising"],
  "snapchat.com": ["Snap", "advertising"],
  "sc-static.net": ["Snap", "advertising"],
  "cookiebot.com": ["Cookiebot", "consent_management"],
  "onetrust.com": ["OneTrust", "consent_management"],
  "cookielaw.org": ["OneTrust", "consent_management"],
  "quantserve.com": ["Quantcast", "advertising"],
  "scorecardresearch.com": ["Comscore", "analytics"],
  "newrelic.com": ["New Relic", "analytics"],
  "nr-data.net": ["New Relic", "analytics"],
  "sentry.io": ["Sentry", "other"],
  "intercom.io": ["Intercom", "other"],
  "vimeo.com": ["Vimeo", "embedded_content"],
  // Services, not trackers (core's SERVICE_CATEGORIES); the fixture web's service hosts depend on these.
  "fonts.googleapis.com": ["Google", "fonts"],
  "fonts.gstatic.com": ["Google", "fonts"],
  "cdn.jsdelivr.net": ["jsDelivr", "static_cdn"],
  "ytimg.com": ["Google", "media_cdn"],
} as const;

describe("tracker-catalogue.json", () => {
  let raw: string;
  let document: {
    docs: Record<string, unknown>;
    hosts: Record<string, { vendor: string; category: string }>;
    openCookieDatabaseVendors: Record<string, { vendor: string; category?: string }>;
  };
  let catalogue: TrackerCatalogue;

  beforeAll(async () => {
    raw = await readFile(CATALOGUE_URL, "utf8");
    document = JSON.parse(raw) as typeof document;
    catalogue = await loadTrackerCatalogue();
  });

  it("passes the loader's schema check and documents its version and matching rules", () => {
    expect(() => parseTrackerCatalogue(document)).not.toThrow();
    expect(document.docs.version).toMatch(/^\d{4}\.\d{1,2}\.\d{1,2}$/);
    expect(catalogue.version).toBe(document.docs.version);
    expect(Array.isArray(document.docs.matching) && document.docs.matching.length).toBeGreaterThan(0);
    expect(Object.keys(document.docs.categories as object).sort()).toEqual([...CATALOGUE_CATEGORIES].sort());
    expect(Object.keys(document).sort()).toEqual(["consentStorage", "docs", "hosts", "openCookieDatabaseVendors"]);
  });

  it("has no duplicate keys (JSON.parse would silently keep the last one)", () => {
    const keysInText = [...raw.matchAll(/^ {4}"([^"]+)": \{ "vendor"/gm)].map((match) => match[1]);
    const parsedKeys = [...Object.keys(document.hosts), ...Object.keys(document.openCookieDatabaseVendors)];
    expect(keysInText).toHaveLength(parsedKeys.length);
  });

  it("lists at least 120 lower-case hosts, each with only a vendor and an allowed category", () => {
    const entries = Object.entries(document.hosts);
    expect(entries.length).toBeGreaterThanOrEqual(120);
    for (const [host, entry] of entries) {
      expect(host, host).toBe(host.toLowerCase());
      expect(host, host).toMatch(/^(?:[a-z0-9-]+\.)+[a-z]{2,}$/);
      expect(Object.keys(entry).sort(), host).toEqual(["category", "vendor"]);
      expect(CATALOGUE_CATEGORIES, host).toContain(entry.category);
    }
  });

  it("contains the required entries with exactly these vendor names and categories", () => {
    for (const [host, [vendor, category]] of Object.entries(REQUIRED)) {
      expect(document.hosts[host], host).toEqual({ vendor, category });
    }
  });

  it("maps only platforms that exist in the Open Cookie Database, onto vendors the catalogue uses", async () => {
    const database = await loadOpenCookieDatabase();
    const platforms = new Set(database.entries.map((entry) => entry.platform));
    const vendors = new Set(Object.values(document.hosts).map((entry) => entry.vendor));
    for (const [platform, mapping] of Object.entries(document.openCookieDatabaseVendors)) {
      expect(platforms.has(platform), platform).toBe(true);
      expect(vendors.has(mapping.vendor), `${platform} -> ${mapping.vendor}`).toBe(true);
      if (mapping.category !== undefined) expect(CATALOGUE_CATEGORIES).toContain(mapping.category);
    }
  });
});

describe("the catalogue's consent records", () => {
  const withConsent = (consentStorage: unknown) =>
    parseTrackerCatalogue({ docs: { version: "t" }, hosts: {}, openCookieDatabaseVendors: {}, consentStorage });

  it("lists the IAB strings without a vendor and matches the longest prefix first", async () => {
    const catalogue = await loadTrackerCatalogue();
    for (const name of ["euconsent-v2", "__gpp", "__gpp_sid", "usprivacy"])
      expect(catalogue.consentStorage.names.get(name), name).toEqual({ vendor: null });
    const prefixes = catalogue.consentStorage.prefixes.map((entry) => entry.prefix.length);
    expect(prefixes).toEqual([...prefixes].sort((a, b) => b - a));
  });

  it("refuses a name too short to be specific, or a bad vendor, naming the entry", () => {
    expect(() => withConsent({ prefixes: { _sp: { vendor: "Sourcepoint" } } })).toThrow(/consentStorage.prefixes has a bad name "_sp"/);
    expect(() => withConsent({ names: { klaro: { vendor: " Klaro" } } })).toThrow(/consentStorage.names\["klaro"\].vendor/);
    expect(withConsent(undefined).consentStorage.names.size).toBe(0);
  });
});

describe("matchTrackerHost", () => {
  let catalogue: TrackerCatalogue;
  beforeAll(async () => {
    catalogue = await loadTrackerCatalogue();
  });

  it("matches a listed domain and its subdomains on dot boundaries", () => {
    expect(matchTrackerHost(catalogue, "doubleclick.net")).toEqual({ vendor: "Google", category: "advertising" });
    expect(matchTrackerHost(catalogue, "stats.g.doubleclick.net")).toEqual({ vendor: "Google", category: "advertising" });
    expect(matchTrackerHost(catalogue, "www.google-analytics.com")).toEqual({ vendor: "Google", category: "analytics" });
    expect(matchTrackerHost(catalogue, "region1.google-analytics.com")).toEqual({ vendor: "Google", category: "analytics" });
  });

  it("does not match a host that only ends with the same characters", () => {
    expect(matchTrackerHost(catalogue, "notdoubleclick.net")).toBeNull();
    expect(matchTrackerHost(catalogue, "doubleclick.net.example.com")).toBeNull();
    expect(matchTrackerHost(catalogue, "www.example.com")).toBeNull();
  });

  it("prefers the longest matching key", () => {
    expect(matchTrackerHost(catalogue, "px.ads.linkedin.com")).toEqual({ vendor: "LinkedIn", category: "advertising" });
    expect(matchTrackerHost(catalogue, "www.linkedin.com")).toEqual({ vendor: "LinkedIn", category: "social" });
    expect(matchTrackerHost(catalogue, "cmp.quantcast.com")?.category).toBe("consent_management");
  });

  it("does not widen a host-specific key to its parent or siblings", () => {
    expect(matchTrackerHost(catalogue, "www.googletagmanager.com")).toEqual({ vendor: "Google", category: "tag_manager" });
    expect(matchTrackerHost(catalogue, "bing.com")).toBeNull();
    expect(matchTrackerHost(catalogue, "www.bing.com")).toBeNull();
  });

  it("normalises case, a cookie domain's leading dot and a trailing dot", () => {
    expect(matchTrackerHost(catalogue, "WWW.Google-Analytics.COM")?.vendor).toBe("Google");
    expect(matchTrackerHost(catalogue, ".hotjar.com")?.vendor).toBe("Hotjar");
    expect(matchTrackerHost(catalogue, "static.hotjar.com.")?.vendor).toBe("Hotjar");
  });
});

describe("parseTrackerCatalogue", () => {
  const valid = { docs: { version: "1" }, hosts: { "a.example": { vendor: "A", category: "analytics" } }, openCookieDatabaseVendors: {} };

  it("refuses an unknown category, an upper-case host and a missing version", () => {
    expect(() => parseTrackerCatalogue(valid)).not.toThrow();
    expect(() => parseTrackerCatalogue({ ...valid, hosts: { "a.example": { vendor: "A", category: "tracking" } } })).toThrow(/category/);
    expect(() => parseTrackerCatalogue({ ...valid, hosts: { "A.example": { vendor: "A", category: "analytics" } } })).toThrow(/lower-case/);
    expect(() => parseTrackerCatalogue({ ...valid, docs: {} })).toThrow(/version/);
  });
});
