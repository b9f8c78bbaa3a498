import { describe, expect, it } from "vitest";
import type { PrivacyGroundTruth } from "../src/index.js";
import { PRIVACY_SITES } from "../src/sites/privacy-sites.js";
import { extractReferences } from "./support/extract-references.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** Where each privacy site's policy lives (the 404 and no-policy sites have none). */
const POLICY_PATHS: Record<string, string | null> = {
  "prairie-goods": "/privacy-policy",
  "lindenhof-gaertnerei": "/datenschutz",
  "fromagerie-lucas": "/confidentialite",
  "libreria-sol": "/politica-de-privacidad",
  "trattoria-nonna": "/informativa-privacy",
  "fietsen-devries": "/privacyverklaring",
  "padaria-lisboa": "/politica-de-privacidade",
  "kwiaciarnia-roza": "/polityka-prywatnosci",
  "stugan-cafe": "/integritetspolicy",
  "atlas-tools": null,
  "blank-canvas": null,
};

describe("privacy sites", () => {
  const web = useFixtureWeb();
  const get = (host: string, path: string) => fixtureRequest({ port: web().port, host, path, ca: web().caCertPem });
  const sites = () =>
    web()
      .sites.filter((site) => PRIVACY_SITES.some((definition) => definition.id === site.id))
      .map((site) => ({ ...site, privacy: site.groundTruth.privacy! }));

  it("are all served, each with a privacy ground truth", () => {
    expect(sites().map((site) => site.id)).toEqual(Object.keys(POLICY_PATHS));
    expect(sites().every((site) => site.privacy !== undefined)).toBe(true);
  });

  it("serve the policy where the ground truth says, in its language, linked from the place it names", async () => {
    for (const site of sites()) {
      const index = await get(site.host, "/");
      expect(index.status, site.id).toBe(200);
      const path = POLICY_PATHS[site.id] ?? null;
      const linked = (region: string) =>
        extractReferences(/<footer[\s\S]*<\/footer>/.exec(index.text)?.[0] ?? "", site.url)
          .concat(
            region === "banner" ? extractReferences(/<div class="cookie-banner"[\s\S]*?<\/div>/.exec(index.text)?.[0] ?? "", site.url) : [],
          )
          .some((reference) => reference.url.pathname === (path ?? "/privacy-policy"));
      const { policy } = site.privacy;
      if (policy.foundIn === "footer") expect(linked("footer"), site.id).toBe(true);
      if (policy.foundIn === "banner") expect([linked("footer"), linked("banner")], site.id).toEqual([false, true]);
      if (policy.foundIn === "common_path" || policy.foundIn === "none")
        expect(index.text, site.id).not.toMatch(/href="[^"]*(privacy|integritet)/i);
      if (path === null) {
        expect((await get(site.host, "/privacy-policy")).status, site.id).toBe(404);
        continue;
      }
      const page = await get(site.host, path);
      expect(page.status, site.id).toBe(200);
      expect(page.text, site.id).toContain(`<html lang="${policy.language}`);
      for (const reference of extractReferences(page.text, `https://${site.host}${path}`).filter(
        (item) => item.url.hostname === site.host,
      )) {
        expect((await get(site.host, reference.url.pathname)).status, `${site.id}: ${reference.url.pathname}`).toBe(200);
      }
    }
  });

  it("answer every common policy path of the no-policy site with 404", async () => {
    for (const path of ["/privacy-policy", "/privacy", "/privacy-notice", "/datenschutz", "/integritetspolicy"]) {
      expect((await get("www.blank-canvas.test", path)).status, path).toBe(404);
    }
  });

  it("serve /.well-known/gpc.json as the ground truth describes it", async () => {
    for (const site of sites()) {
      const reply = await get(site.host, "/.well-known/gpc.json");
      const expected: PrivacyGroundTruth["usPrivacy"]["gpcJson"] = site.privacy.usPrivacy.gpcJson;
      if (expected.status === "not_found") {
        expect(reply.status, site.id).toBe(404);
        continue;
      }
      expect(reply.status, site.id).toBe(200);
      expect(reply.headers["content-type"], site.id).toBe("application/json");
      const body = JSON.parse(reply.text) as Record<string, unknown>;
      expect(typeof body.gpc === "boolean" ? "found" : "invalid", site.id).toBe(expected.status);
      if (expected.status === "found") expect([body.gpc, "lastUpdate" in body]).toEqual([expected.gpc, expected.lastUpdate]);
    }
  });

  it("name in the US store's policy the vendor it names and not the one it leaves out", async () => {
    const policy = (await get("www.prairie-goods.test", "/privacy-policy")).text;
    expect(policy).toContain("Google Analytics");
    expect(policy).not.toMatch(/\b(Meta|Facebook|Instagram)\b/);
    const index = (await get("www.prairie-goods.test", "/")).text;
    expect(index).toMatch(/<svg width="30" height="14" viewBox="0 0 30 14"[^>]*>[\s\S]*#0066ff/);
  });
});
