import { describe, expect, it } from "vitest";
import type { FixtureSite } from "../src/index.js";
import { PRIVACY_SITES } from "../src/sites/privacy-sites.js";
import { extractReferences } from "./support/extract-references.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** The scanner's `MIN_POLICY_TEXT`: a policy page with less visible text is reported `empty` and not read. */
const MIN_POLICY_TEXT = 200;
/** The browser refuses the faded gallery's expired certificate: a scan sees no banner, phase or policy there. */
const UNOPENED = new Set(["faded-gallery"]);
const PRIVACY_SITE_IDS = new Set(PRIVACY_SITES.map((site) => site.id));

/** An HTML page's body as a reader sees it: tags, scripts and runs of whitespace dropped. */
const visibleText = (html: string) =>
  (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The consent, phase and privacy ground truth of every site, as the scanner's accuracy test over the whole
 * fixture web reads it: present wherever a scan can observe the site, consistent across its parts, and
 * true to what the site serves where that can be checked without a browser.
 */
describe("scan ground truth of the fixture sites", () => {
  const web = useFixtureWeb();
  const opened = (): FixtureSite[] => web().sites.filter((site) => !UNOPENED.has(site.id));
  const get = (site: FixtureSite, path: string, headers?: Record<string, string>) =>
    fixtureRequest({
      port: web().port,
      host: site.host,
      path,
      secure: site.url.startsWith("https:"),
      ca: web().caCertPem,
      ...(headers ? { headers } : {}),
    });

  it("covers consent, phases and the privacy policy on every site a browser can open", () => {
    for (const site of opened()) {
      const { consent, phases, privacy } = site.groundTruth;
      expect({ consent: consent !== undefined, phases: phases !== undefined, privacy: privacy !== undefined }, site.id).toEqual({
        consent: true,
        phases: true,
        privacy: true,
      });
    }
  });

  it("has no reject or accept on a site without a banner, and a reason other than no_banner on a site with one", () => {
    for (const site of opened()) {
      const { consent, phases } = site.groundTruth;
      const actions = [phases!.consentActions.reject, phases!.consentActions.accept];
      if (consent!.bannerVisible) {
        expect(
          actions.map((action) => action.reason),
          site.id,
        ).not.toContain("no_banner");
        continue;
      }
      expect(actions, site.id).toEqual([
        { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" },
        { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" },
      ]);
      expect([phases!.afterReject.reason, phases!.afterAccept.reason], site.id).toEqual(["no_banner", "no_banner"]);
    }
  });

  it("shows under GPC what it shows before consent wherever the site serves the same code with Sec-GPC and never reads the signal", async () => {
    const sorted = (items: readonly object[]) => items.map((item) => JSON.stringify(item)).sort();
    let checked = 0;
    for (const site of opened()) {
      const served = async (headers?: Record<string, string>) => {
        const index = await get(site, "/", headers);
        const scripts = extractReferences(index.text, site.url).filter(
          (reference) => reference.tag === "script" && reference.url.hostname === site.host,
        );
        const texts = [index.text];
        for (const script of scripts) texts.push((await get(site, script.url.pathname, headers)).text);
        return texts.join("\n");
      };
      const plain = await served();
      if (/globalPrivacyControl|Sec-GPC/i.test(plain) || plain !== (await served({ "sec-gpc": "1" }))) continue;
      const { preConsent, phases } = site.groundTruth;
      for (const key of ["cookies", "storage", "trackerVendors", "trackerHosts"] as const)
        expect(sorted(phases!.gpc[key] as object[]), `${site.id} ${key}`).toEqual(sorted(preConsent[key] as object[]));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it("calls a footer policy page empty exactly when it has under 200 characters of text, and reads the others in English", async () => {
    // The privacy sites' policies, each in its language and place, are checked in privacy-sites.test.ts.
    for (const site of opened().filter((candidate) => !PRIVACY_SITE_IDS.has(candidate.id))) {
      const { policy } = site.groundTruth.privacy!;
      expect([policy.foundIn, policy.host], site.id).toEqual(["footer", site.host]);
      const page = await get(site, "/privacy-policy");
      expect(page.status, site.id).toBe(200);
      const empty = visibleText(page.text).length < MIN_POLICY_TEXT;
      expect(policy.fetchStatus, site.id).toBe(empty ? "empty" : "ok");
      expect([policy.language, policy.disclosures === null, policy.vendorsNotNamed === null], site.id).toEqual(
        empty ? [null, true, true] : ["en", false, false],
      );
      if (!empty) expect(page.text, site.id).toMatch(/<html lang="en/);
    }
  });
});
