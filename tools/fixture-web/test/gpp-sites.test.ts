import { Sections } from "@iabgpp/cmpapi";
import { describe, expect, it } from "vitest";
import type { GroundTruth } from "../src/index.js";
import { GPP_SITES } from "../src/sites/gpp-sites.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** Relative and bare module specifiers of `import … from "x"`, `export … from "x"` and `import "x"`. */
const SPECIFIERS = /(?:^|[\s;}])(?:import|export)\s*(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']/g;
const SECTION_IDS = new Map([...Sections.SECTION_ID_NAME_MAP].map(([id, name]) => [name, id]));
const SITES = GPP_SITES.map((site) => [site.id, site.host] as const);

/**
 * Core's GPC verdict (`toGpcAnswer`) as the fixture web's evidence gives it: the strings under GPC (every
 * opt-out they state, GPP sections and the US Privacy string, is opted out) and the trackers contacted
 * under GPC (on these sites the only one is Meta's advertising pixel).
 */
function gpcVerdict(truth: GroundTruth): string {
  const withGpc = truth.gpp!.phases.gpc!;
  const stated = [
    ...withGpc.sections.flatMap((section) => [section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut]),
    ...(withGpc.usp === null ? [] : [withGpc.usp.optOutSale === "yes" ? "opted_out" : "did_not_opt_out"]),
  ].filter((state) => state !== null && state !== "not_applicable");
  const stringsHonour = stated.every((state) => state === "opted_out");
  const requestsHonour = truth.phases!.gpc.trackerVendors.length === 0;
  if (stringsHonour && requestsHonour) return "honoured";
  return !stringsHonour && !requestsHonour ? "not_honoured" : "partly";
}

/**
 * The IAB GPP CMP sites without a browser: the page's stub and import map, the whole module graph of
 * @iabgpp/cmpapi they load, gpc.json, and a `gpp` ground truth that agrees with itself and with the rest of
 * the file. What `__gpp` and `__uspapi` answer with and without GPC is checked in a real browser
 * (gpp-sites.browser.test.ts).
 */
describe("IAB GPP sites", () => {
  const web = useFixtureWeb();
  const get = (host: string, path: string) => fixtureRequest({ port: web().port, host, path, ca: web().caCertPem });
  const truthOf = (id: string) => web().sites.find((site) => site.id === id)!.groundTruth;

  it.each(SITES)("%s serves the GPP stub and its CMP's whole module graph", async (_id, host) => {
    const page = (await get(host, "/")).text;
    const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page)?.[1];
    const imports = (JSON.parse(importMap ?? "{}") as { imports?: Record<string, string> }).imports ?? {};
    expect(imports).toEqual({ "@iabgpp/cmpapi": "/vendor/iabgpp-cmpapi/index.js" });
    // The stub comes first, so `__gpp` exists before any other script runs.
    expect(/<script\b[^>]*>/.exec(page)?.[0]).toBe('<script src="/shared/gpp-stub.js">');
    const pending = ["/assets/cmp.js", "/shared/gpp-stub.js"];
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
    // cmp.js, the stub, the shared CMP set-up, and the ES modules of @iabgpp/cmpapi.
    expect(seen.size).toBeGreaterThan(150);
  });

  it.each(SITES)("%s serves the gpc.json its ground truth describes", async (id, host) => {
    const reply = await get(host, "/.well-known/gpc.json");
    expect([reply.status, reply.headers["content-type"]]).toEqual([200, "application/json"]);
    const claim = JSON.parse(reply.text) as { gpc?: unknown; lastUpdate?: unknown };
    expect(truthOf(id).privacy!.usPrivacy.gpcJson).toEqual({
      status: "found",
      gpc: claim.gpc,
      lastUpdate: typeof claim.lastUpdate === "string" && /^\d{4}-\d{2}-\d{2}$/.test(claim.lastUpdate),
    });
  });

  it.each(SITES)("%s has a gpp ground truth that agrees with itself and the rest of the file", (id) => {
    const truth = truthOf(id);
    const gpp = truth.gpp!;
    // No banner: the first visit and the GPC visit, both with both APIs.
    expect(Object.keys(gpp.phases)).toEqual(["pre_consent", "gpc"]);
    expect(truth.consent!.apis).toEqual({ tcf: false, gpp: true, usp: true });
    for (const answer of Object.values(gpp.phases)) {
      expect(answer.signalStatus).toBe("ready");
      // The header lists the sections by id, ascending; each is a US section with the GPC sub-section.
      const ids = answer.sections.map((section) => SECTION_IDS.get(section.name));
      expect(ids.every((sectionId) => sectionId !== undefined)).toBe(true);
      expect(ids).toEqual([...ids].sort((a, b) => a! - b!));
      expect(answer.sections.every((section) => section.gpc !== null)).toBe(true);
      expect(answer.usp).not.toBeNull();
    }
    expect(gpp.gpcAnswer).toBe(gpcVerdict(truth));
  });

  it("has one site that honours GPC and one that ignores it while gpc.json claims support", () => {
    expect(GPP_SITES.map((site) => [site.id, truthOf(site.id).gpp!.gpcAnswer])).toEqual([
      ["hickory-home", "honoured"],
      ["coastline-deals", "not_honoured"],
    ]);
    const ignored = truthOf("coastline-deals");
    expect(ignored.gpp!.phases.gpc).toEqual(ignored.gpp!.phases.pre_consent);
    expect(ignored.privacy!.usPrivacy.gpcJson.gpc).toBe(true);
  });
});
