import { describe, expect, it } from "vitest";
import { CANARY } from "../src/index.js";
import { PRIVACY_SITES } from "../src/sites/privacy-sites.js";
import { SERVICE_VENDORS } from "../src/services/service-hosts.js";
import { TRACKER_VENDORS } from "../src/trackers/tracker-vendors.js";
import { extractReferences, type Reference } from "./support/extract-references.js";
import { expiredCertificateHosts, fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

const PRIVACY_SITE_IDS = new Set(PRIVACY_SITES.map((site) => site.id));

/** What the SSRF lab must point at. Listed here so a test fails if a probe disappears; none is ever fetched. */
const SSRF_PROBES = [
  "http://169.254.169.254/latest/meta-data/",
  "http://127.0.0.1:<port>/",
  "http://2130706433/",
  "http://[::ffff:127.0.0.1]/",
  "/redirect-to-loopback",
  "http://10.0.0.1/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "https://intranet.ssrf-lab.test/admin",
];

describe("fixture sites", () => {
  const web = useFixtureWeb();
  const servedHosts = (): Set<string> => new Set(web().allowPrivateTargets);
  const get = (url: URL) =>
    fixtureRequest({
      port: web().port,
      host: url.hostname,
      path: `${url.pathname}${url.search}`,
      secure: url.protocol === "https:",
      ca: web().caCertPem,
      allowExpired: expiredCertificateHosts(web().sites).has(url.hostname),
    });
  const indexOf = async (siteId: string): Promise<{ html: string; references: Reference[] }> => {
    const site = web().sites.find((candidate) => candidate.id === siteId)!;
    const reply = await get(new URL(site.url));
    return { html: reply.text, references: extractReferences(reply.text, site.url) };
  };

  it("serve every index page as HTML with a footer link to a privacy policy that exists", async () => {
    // The privacy sites link their policy (or none) where their case needs it: privacy-sites.test.ts.
    for (const site of web().sites.filter((candidate) => !PRIVACY_SITE_IDS.has(candidate.id))) {
      const reply = await get(new URL(site.url));
      expect(reply.status, site.id).toBe(200);
      expect(reply.headers["content-type"], site.id).toBe("text/html; charset=utf-8");
      const footer = /<footer[\s\S]*<\/footer>/.exec(reply.text)?.[0] ?? "";
      const policy = extractReferences(footer, site.url).find((reference) => reference.url.pathname === "/privacy-policy");
      expect(policy, site.id).toBeDefined();
      const page = await get(policy!.url);
      expect(page.status, site.id).toBe(200);
      expect(page.text, site.id).toMatch(/<h1>Privacy policy<\/h1>/);
    }
  });

  it("answer 200 for every asset and link a page refers to on a fixture host (the SSRF lab's probes excepted)", async () => {
    for (const site of web().sites.filter((candidate) => !PRIVACY_SITE_IDS.has(candidate.id))) {
      for (const path of ["/", "/privacy-policy"]) {
        const pageUrl = new URL(path, site.url);
        const references = extractReferences((await get(pageUrl)).text, pageUrl.href).filter(
          (reference) => servedHosts().has(reference.url.hostname) && reference.url.pathname !== "/redirect-to-loopback",
        );
        expect(references.length, `${site.id}${path}`).toBeGreaterThan(0);
        for (const reference of references) {
          const reply = await get(reference.url);
          expect(reply.status, `${site.id}${path}: ${reference.tag} ${reference.attribute}=${reference.url.href}`).toBe(200);
        }
      }
    }
  });

  it("refer to no host outside the fixture web, except the SSRF lab's probes", async () => {
    for (const site of web().sites) {
      const { references } = await indexOf(site.id);
      const foreign = references.filter((reference) => !servedHosts().has(reference.url.hostname)).map((reference) => reference.url.href);
      if (site.id === "ssrf-lab") expect(foreign.length).toBe(SSRF_PROBES.length - 1);
      else expect(foreign, site.id).toEqual([]);
    }
  });

  it("load trackers from exactly the hosts the ground truth names, where the page names them directly", async () => {
    // Trackers a page loads by script (Hotjar after a delay, beacons) are not in its HTML; those it
    // names must all be ground truth, and pages with no trackers must name none.
    for (const site of web().sites) {
      const { references } = await indexOf(site.id);
      const trackerHosts = new Set(references.map((reference) => reference.url.hostname).filter((host) => host in TRACKER_VENDORS));
      const groundTruth = new Set(site.groundTruth.preConsent.trackerHosts);
      if (site.id === "atelier-lumiere") {
        // Present only inside Orejime's <template data-purpose>, which the browser never runs before consent.
        expect([...trackerHosts]).toEqual(["www.googletagmanager.com"]);
        expect((await indexOf(site.id)).html).toMatch(
          /<template data-purpose="google-analytics">\s*<script async src="https:\/\/www\.googletagmanager\.com/,
        );
      } else if (site.id === "green-grocer") {
        // Present only as klaro's data-src, which the browser does not load before consent.
        expect([...trackerHosts]).toEqual(["www.googletagmanager.com"]);
        expect(references.find((reference) => reference.url.hostname === "www.googletagmanager.com")?.attribute).toBe("data-src");
      } else {
        for (const host of trackerHosts) expect(groundTruth.has(host), `${site.id}: ${host}`).toBe(true);
      }
    }
  });

  it("load third-party services from exactly the hosts the ground truth names, where the page names them directly", async () => {
    // fonts.gstatic.com is named by the font stylesheet, not the page; every service host a page names is ground truth.
    for (const site of web().sites) {
      const { references } = await indexOf(site.id);
      const named = new Set(references.map((reference) => reference.url.hostname).filter((host) => host in SERVICE_VENDORS));
      const groundTruth = new Set((site.groundTruth.preConsent.services ?? []).map((service) => service.host));
      for (const host of named) expect(groundTruth.has(host), `${site.id}: ${host}`).toBe(true);
    }
    const books = await indexOf("lantern-books");
    const stylesheet = books.references.find((reference) => reference.url.hostname === "fonts.googleapis.com")!;
    expect((await get(stylesheet.url)).text).toContain("url(https://fonts.gstatic.com/s/lora/");
  });

  it("carry the canary in every query string of every page reference", async () => {
    let checked = 0;
    for (const site of web().sites) {
      const { references } = await indexOf(site.id);
      for (const reference of references.filter((candidate) => candidate.url.search !== "")) {
        expect(decodeURIComponent(reference.url.search), `${site.id}: ${reference.url.href}`).toContain(CANARY);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it("fill in every placeholder of the pages and their scripts", async () => {
    for (const site of web().sites) {
      const { html, references } = await indexOf(site.id);
      const scripts = references.filter((reference) => reference.tag === "script" && reference.url.hostname === site.host);
      for (const text of [html, ...(await Promise.all(scripts.map(async (reference) => (await get(reference.url)).text)))]) {
        expect(text, site.id).not.toMatch(/__[A-Z][A-Z0-9_]*__/);
      }
    }
  });

  it("show a real CMP's banner from the npm package where one is promised", async () => {
    const courier = await indexOf("daily-courier");
    const grocer = await indexOf("green-grocer");
    const consentScript = await get(new URL("https://www.daily-courier.test/assets/cookieconsent-config.js"));
    expect(consentScript.text).toContain('from "/vendor/cookieconsent/cookieconsent.esm.js"');
    const cookieConsent = await get(new URL("https://www.daily-courier.test/vendor/cookieconsent/cookieconsent.esm.js"));
    expect(cookieConsent.text).toContain("CookieConsent 3.1.0");
    expect(courier.references.some((reference) => reference.url.pathname === "/vendor/cookieconsent/cookieconsent.css")).toBe(true);
    const klaro = grocer.references.find((reference) => reference.url.pathname === "/vendor/klaro/klaro.js");
    expect(klaro).toBeDefined();
    expect((await get(klaro!.url)).body.length).toBeGreaterThan(100_000);
  });

  it("point the SSRF lab at every probe, with the fixture's real port for the loopback one", async () => {
    const { html } = await indexOf("ssrf-lab");
    for (const probe of SSRF_PROBES) expect(html).toContain(probe.replace("<port>", `${web().port}`).replace(/\/$/, ""));
    expect(html).toContain(`http://127.0.0.1:${web().port}/`);
  });

  it("redirect /redirect-to-loopback on the SSRF lab to http://127.0.0.1/ (checked, never followed)", async () => {
    const reply = await get(new URL("http://www.ssrf-lab.test/redirect-to-loopback"));
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("http://127.0.0.1/");
  });

  it("never serve a site's ground truth or anything outside its public folder", async () => {
    for (const path of [
      "/ground-truth.json",
      "/../ground-truth.json",
      "/%2e%2e/ground-truth.json",
      "/..%2fground-truth.json",
      "/%2e%2e/%2e%2e/package.json",
      // A target that would resolve to another host if parsed as a URL reference: it stays a path here.
      "//evil.test/assets/style.css",
    ]) {
      const reply = await fixtureRequest({ port: web().port, host: "www.quiet-bakery.test", path, ca: web().caCertPem });
      expect(reply.status, path).toBe(404);
      expect(reply.text, path).not.toContain("preConsent");
    }
  });
});
