import { GVL } from "@iabtcf/core";
import { describe, expect, it } from "vitest";
import { TCF_SITES } from "../src/sites/tcf-sites.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** The purposes TCF policy version 4 allows under legitimate interest. */
const LEGITIMATE_INTEREST_PURPOSES = [2, 7, 8, 9, 10, 11];
/** Relative and bare module specifiers of `import … from "x"`, `export … from "x"` and `import "x"`. */
const SPECIFIERS = /(?:^|[\s;}])(?:import|export)\s*(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']/g;

/**
 * The IAB TCF v2.2 CMP sites without a browser: the page's import map, the npm modules it maps and the
 * whole module graph they import are served, the vendor list is one @iabtcf/core loads, and the `tcf`
 * ground truth agrees with that list. What `__tcfapi` answers in each phase is checked in a real browser
 * (README, "IAB TCF sites").
 */
describe("IAB TCF sites", () => {
  const web = useFixtureWeb();
  const get = (host: string, path: string) => fixtureRequest({ port: web().port, host, path, ca: web().caCertPem });

  it.each(TCF_SITES.map((site) => [site.id, site.host] as const))("%s serves its CMP's whole module graph", async (_id, host) => {
    const page = (await get(host, "/")).text;
    const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1];
    const imports = (JSON.parse(importMap ?? "{}") as { imports?: Record<string, string> }).imports ?? {};
    expect(Object.keys(imports).sort()).toEqual(["@iabtcf/cmpapi", "@iabtcf/core"]);
    expect(page).toContain('<script src="/vendor/iabtcf-stub/stub.js"></script>');
    const pending = ["/assets/cmp.js", "/vendor/iabtcf-stub/stub.js"];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const path = pending.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const reply = await get(host, path);
      expect([reply.status, reply.headers["content-type"]], path).toEqual([200, "text/javascript; charset=utf-8"]);
      for (const [, specifier] of reply.text.matchAll(SPECIFIERS)) {
        const mapped = imports[specifier!] ?? specifier!;
        expect(mapped, `${path} imports ${specifier}`).toMatch(/^[./]/);
        pending.push(new URL(mapped, `https://${host}${path}`).pathname);
      }
    }
    // cmp.js, the stub, cookieconsent, and the ES modules of @iabtcf/cmpapi and @iabtcf/core.
    expect(seen.size).toBeGreaterThan(60);
  });

  it.each(TCF_SITES.map((site) => [site.id, site.host] as const))(
    "%s has a TCF v2.2 vendor list that @iabtcf/core loads, and a tcf ground truth that agrees with it",
    async (id, host) => {
      const reply = await get(host, "/assets/vendor-list.json");
      expect(reply.status).toBe(200);
      const gvl = new GVL(JSON.parse(reply.text) as ConstructorParameters<typeof GVL>[0]);
      expect([gvl.isReady, gvl.gvlSpecificationVersion, gvl.tcfPolicyVersion]).toEqual([true, 3, 4]);
      const vendors = Object.values(gvl.vendors);
      expect(vendors.length).toBeGreaterThanOrEqual(10);
      for (const vendor of vendors) {
        // Every vendor can be given consent (the encoder drops a vendor with no consent purpose), and claims
        // legitimate interest only where the policy allows it.
        expect(vendor.purposes.length, vendor.name).toBeGreaterThan(0);
        for (const purpose of vendor.legIntPurposes) expect(LEGITIMATE_INTEREST_PURPOSES, vendor.name).toContain(purpose);
      }
      const tcf = web().sites.find((site) => site.id === id)!.groundTruth.tcf!;
      // Accept grants every vendor; reject keeps legitimate interest for exactly the vendors that declare it.
      expect(tcf.after_accept?.vendorConsents).toBe(vendors.length);
      expect(tcf.after_reject?.vendorLegitimateInterests).toBe(vendors.filter((vendor) => vendor.legIntPurposes.length > 0).length);
      for (const answer of Object.values(tcf))
        expect([answer?.cmpId, answer?.cmpVersion, answer?.tcfPolicyVersion, answer?.isServiceSpecific]).toEqual([300, 1, 4, true]);
      expect(tcf.gpc).toEqual(tcf.pre_consent);
    },
  );
});
