import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CANARY } from "../src/index.js";
import { parseGroundTruth } from "../src/ground-truth.js";
import { SITES_DIR } from "../src/sites-dir.js";
import { SERVICE_VENDORS } from "../src/services/service-hosts.js";
import { TRACKER_VENDORS } from "../src/trackers/tracker-vendors.js";
import { extractReferences } from "./support/extract-references.js";
import { expiredCertificateHosts, fixtureRequest, setCookiesOf } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";
import { TRACKER_REQUESTS } from "./support/tracker-requests.js";

const VALID = { preConsent: { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] } };

describe("parseGroundTruth", () => {
  it("accepts every ground-truth.json in sites/, and there is one per site folder", async () => {
    const folders = (await readdir(SITES_DIR, { withFileTypes: true })).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith("_"),
    );
    expect(folders.map((folder) => folder.name).sort()).toEqual([
      "alpine-optics",
      "atelier-lumiere",
      "atlas-tools",
      "bargain-barn",
      "bazaar-daily",
      "berg-apotheke",
      "blank-canvas",
      "casa-olivo",
      "coastline-deals",
      "consent-desk",
      "copper-kettle",
      "corner-cobbler",
      "daily-courier",
      "faded-gallery",
      "fietsen-devries",
      "fjord-gazette",
      "fromagerie-lucas",
      "goldfish-toys",
      "green-grocer",
      "hamnhotellet",
      "harbour-bank",
      "harbour-pub",
      "helpdesk-hardware",
      "hickory-home",
      "kaffeehaus-wien",
      "konditorei-hoffmann",
      "kwiaciarnia-roza",
      "lantern-books",
      "late-bloom",
      "le-petit-velo",
      "libreria-sol",
      "linden-press",
      "lindenhof-gaertnerei",
      "maple-outfitters",
      "metrics-hub",
      "moka-cafe",
      "nordlicht-news",
      "orchard-market",
      "padaria-lisboa",
      "pinewood-lodge",
      "prairie-goods",
      "quiet-bakery",
      "seaside-rentals",
      "ssrf-lab",
      "stugan-cafe",
      "sunny-radio",
      "ticket-hall",
      "trail-maps",
      "trattoria-nonna",
      "travel-nook",
      "village-library",
    ]);
    for (const folder of folders) {
      const raw: unknown = JSON.parse(await readFile(new URL(`${folder.name}/ground-truth.json`, SITES_DIR), "utf8"));
      expect(parseGroundTruth(raw), folder.name).toEqual(raw);
    }
  });

  it.each([
    ["an unknown key", { ...VALID, postConsent: {} }, /unknown key postConsent/],
    ["a missing list", { preConsent: { cookies: [], storage: [], trackerVendors: [] } }, /missing key trackerHosts/],
    [
      "a storage kind outside the type",
      { preConsent: { ...VALID.preConsent, storage: [{ kind: "cookie_store", originHost: "a.test", name: "x" }] } },
      /kind/,
    ],
    [
      "a cookie domain with a leading dot",
      { preConsent: { ...VALID.preConsent, cookies: [{ name: "_ga", domain: ".a.test" }] } },
      /leading dot/,
    ],
    ["an upper-case host", { preConsent: { ...VALID.preConsent, trackerHosts: ["WWW.A.TEST"] } }, /lower-case host/],
    ["an empty name", { preConsent: { ...VALID.preConsent, cookies: [{ name: "", domain: "a.test" }] } }, /non-empty string/],
  ])("rejects %s", (_label, value, message) => {
    expect(() => parseGroundTruth(value)).toThrow(message);
  });
});

describe("ground truth of the fixture sites", () => {
  const web = useFixtureWeb();
  const get = (url: URL, headers?: Record<string, string>) =>
    fixtureRequest({
      port: web().port,
      host: url.hostname,
      path: `${url.pathname}${url.search}`,
      secure: url.protocol === "https:",
      ca: web().caCertPem,
      allowExpired: expiredCertificateHosts(web().sites).has(url.hostname),
      ...(headers ? { headers } : {}),
    });

  /**
   * What a site and its trackers serve: its pages and own scripts, the tracker responses for its
   * ground-truth hosts, and every Set-Cookie header among them.
   */
  const servedBy = async (siteId: string): Promise<{ code: string; setCookies: string[] }> => {
    const site = web().sites.find((candidate) => candidate.id === siteId)!;
    const index = await get(new URL(site.url));
    const texts = [index.text];
    const setCookies = setCookiesOf(index);
    for (const reference of extractReferences(index.text, site.url).filter((candidate) => candidate.url.hostname === site.host)) {
      const reply = await get(reference.url);
      if (/javascript|html/.test(reply.headers["content-type"] ?? "")) texts.push(reply.text);
    }
    for (const request of TRACKER_REQUESTS.filter((candidate) => site.groundTruth.preConsent.trackerHosts.includes(candidate.host))) {
      const reply = await fixtureRequest({
        port: web().port,
        ca: web().caCertPem,
        ...request,
        ...(request.method === "POST" ? { body: "{}" } : {}),
      });
      texts.push(reply.text);
      setCookies.push(...setCookiesOf(reply));
    }
    return { code: texts.join("\n"), setCookies };
  };

  /**
   * A name is planted when the served code or headers contain it, or, for names built at run time
   * (`_ga_<container>`, `_hjSession_<siteId>`, `intercom-id-<appId>`), when they contain the prefix and the id.
   */
  const planted = (name: string, served: { code: string; setCookies: string[] }): boolean => {
    const corpus = `${served.code}\n${served.setCookies.join("\n")}`;
    if (corpus.includes(name)) return true;
    const cut = Math.max(name.lastIndexOf("_"), name.lastIndexOf("-"));
    return cut > 0 && corpus.includes(name.slice(0, cut + 1)) && corpus.includes(name.slice(cut + 1));
  };

  it("names vendors that are exactly those of its tracker hosts", () => {
    for (const site of web().sites) {
      const { trackerHosts, trackerVendors } = site.groundTruth.preConsent;
      for (const host of trackerHosts) expect(host in TRACKER_VENDORS, `${site.id}: ${host} is not a simulated tracker`).toBe(true);
      const vendors = new Set(trackerHosts.map((host) => TRACKER_VENDORS[host as keyof typeof TRACKER_VENDORS]));
      expect([...trackerVendors].sort(), site.id).toEqual([...vendors].sort());
      expect(new Set(trackerHosts).size, `${site.id}: duplicate host`).toBe(trackerHosts.length);
    }
  });

  it("names as services only simulated service hosts, with their vendor and category, and never a tracker host", () => {
    let services = 0;
    for (const site of web().sites) {
      for (const service of site.groundTruth.preConsent.services ?? []) {
        expect(SERVICE_VENDORS[service.host as keyof typeof SERVICE_VENDORS], `${site.id}: ${service.host}`).toEqual({
          vendor: service.vendor,
          category: service.category,
        });
        expect(site.groundTruth.preConsent.trackerHosts, `${site.id}: ${service.host}`).not.toContain(service.host);
        services++;
      }
    }
    expect(services).toBeGreaterThanOrEqual(4);
  });

  it("puts cookies on the site's host or registrable domain, or a tracker's registrable domain, and storage on a served origin", async () => {
    const registrable = (host: string): string => host.split(".").slice(-2).join(".");
    for (const site of web().sites) {
      // A fixture site the page embeds in an iframe (maple-outfitters' store map) keeps storage in its own origin.
      const { text } = await get(new URL(site.url));
      const framed = extractReferences(text, site.url)
        .filter((reference) => reference.tag === "iframe" && web().sites.some((other) => other.host === reference.url.hostname))
        .map((reference) => reference.url.hostname);
      const trackerDomains = site.groundTruth.preConsent.trackerHosts.map(registrable);
      for (const cookie of site.groundTruth.preConsent.cookies) {
        expect([site.host, registrable(site.host), ...trackerDomains], `${site.id}: ${cookie.name}`).toContain(cookie.domain);
      }
      for (const item of site.groundTruth.preConsent.storage) {
        expect([site.host, ...framed, ...site.groundTruth.preConsent.trackerHosts], `${site.id}: ${item.name}`).toContain(item.originHost);
      }
    }
  });

  it("lists only cookie and storage names that the site's or its trackers' code or headers plant", async () => {
    for (const site of web().sites) {
      const served = await servedBy(site.id);
      const { cookies, storage } = site.groundTruth.preConsent;
      for (const { name } of [...cookies, ...storage]) expect(planted(name, served), `${site.id}: ${name}`).toBe(true);
    }
    // The check has teeth: a name nobody plants is not found.
    expect(planted("_gid", await servedBy("daily-courier"))).toBe(false);
  });

  it("has the canary in the value of every cookie set by a response header", async () => {
    let checked = 0;
    for (const site of web().sites) {
      for (const cookie of (await servedBy(site.id)).setCookies) {
        expect(cookie.split(";")[0], site.id).toContain(CANARY);
        checked++;
      }
    }
    // bakery_session, IDE (daily-courier and the three consent-mode sites: the Floodlight request sent here
    // has no `gcs`), YSC, VISITOR_INFO1_LIVE, moka_visit, moka_csrf
    expect(checked).toBe(9);
  });

  it("sets the quiet bakery's session cookie first-party, HttpOnly and without a lifetime, and only once", async () => {
    const first = await get(new URL("https://www.quiet-bakery.test/"));
    const [cookie] = setCookiesOf(first);
    expect(cookie).toMatch(/^bakery_session=[^;]+; Path=\/; Secure; HttpOnly; SameSite=Lax$/);
    const again = await get(new URL("https://www.quiet-bakery.test/"), { cookie: cookie!.split(";")[0]! });
    expect(setCookiesOf(again)).toEqual([]);
  });
});
