import { GVL, TCModel, TCString } from "@iabtechlabtcf/core";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { consentApiProbeScript, type ConsentApiProbeResult } from "../../src/consent/consent-api-probe-script.js";
import { toConsentObservation } from "../../src/consent/to-consent-observation.js";

/** The IAB API probe in the shared Chromium, against pages with TCF, GPP and USP stubs as CMPs install them. */
let browser: Browser;
beforeAll(async () => {
  browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
});
afterAll(() => browser.disconnect());

function tcString(): string {
  const gvl = new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 7,
    tcfPolicyVersion: 5,
    lastUpdated: "2024-01-01T00:00:00Z",
    purposes: Object.fromEntries([1, 2].map((id) => [id, { id, name: `Purpose ${id}`, description: "", illustrations: [] }])),
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    stacks: {},
    dataCategories: {},
    vendors: {},
  });
  const model = new TCModel(gvl);
  model.cmpId = 300;
  model.cmpVersion = 2;
  model.purposeConsents.set([1, 2]);
  return TCString.encode(model);
}

async function probe(html: string): Promise<ConsentApiProbeResult> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setContent(html);
    return (await page.evaluate(consentApiProbeScript(300))) as ConsentApiProbeResult;
  } finally {
    await context.close();
  }
}

const findings = (result: ConsentApiProbeResult) => ({
  autoconsent: { status: "ok" as const, reason: null, detected: [], popups: [] },
  bannerScan: { status: "ok" as const, reason: null, frames: [] },
  apiProbe: { status: "ok" as const, result },
});

describe("consentApiProbeScript", () => {
  it("finds the TCF, GPP and USP APIs and decodes the TC string the CMP answers with, keeping counts only", async () => {
    const encoded = tcString();
    const result = await probe(`<script>
      window.__tcfapi = (command, version, callback) => callback({ tcString: ${JSON.stringify(encoded)}, gdprApplies: true, eventStatus: "tcloaded" }, true);
      window.__gpp = () => undefined;
      window.__uspapi = () => undefined;
    </script>`);
    expect(result).toMatchObject({
      tcf: true,
      gpp: true,
      usp: true,
      tcData: { responded: true, gdprApplies: true, eventStatus: "tcloaded" },
    });
    const observation = toConsentObservation(findings(result));
    expect(observation.apis).toEqual({ tcf: true, gpp: true, usp: true });
    expect(observation.tcf).toMatchObject({
      tcString: "decoded",
      decoded: { cmpId: 300, cmpVersion: 2, tcfPolicyVersion: 5, purposeConsents: 2 },
    });
    expect(JSON.stringify(observation)).not.toContain(encoded);
  });

  it("reports a TCF stub that never answers as not responding, and a page without APIs as having none", async () => {
    const silent = await probe(`<script>window.__tcfapi = () => undefined;</script>`);
    expect(toConsentObservation(findings(silent)).tcf).toEqual({
      responded: false,
      gdprApplies: null,
      eventStatus: null,
      tcString: null,
      decoded: null,
    });
    const none = await probe("<p>No CMP here.</p>");
    expect(none).toEqual({ tcf: false, gpp: false, usp: false, tcData: null, gppData: null, uspData: null });
  });

  it("asks GPP 1.1 by callback and 1.0 by return value, and the USP API for its string", async () => {
    // A US national section (sale opted out, GPC sub-section set) as the IAB's encoder writes it.
    const gppString = "DBABLA~CAAQAAAAAABA.YA";
    const callback = await probe(`<script>
      window.__gpp = (command, callback) => command === "ping" && callback({ gppVersion: "1.1", signalStatus: "ready", gppString: ${JSON.stringify(gppString)} }, true);
      window.__uspapi = (command, version, callback) => callback({ version: 1, uspString: "1YYN" }, true);
    </script>`);
    expect(callback).toMatchObject({
      gppData: { responded: true, signalStatus: "ready", gppString },
      uspData: { responded: true, uspString: "1YYN" },
    });
    const observation = toConsentObservation(findings(callback));
    expect(observation.gpp?.sections[0]).toMatchObject({ name: "usnat", saleOptOut: "opted_out", gpc: true });
    expect(observation.usp).toMatchObject({ optOutSale: "yes" });
    const returned = await probe(`<script>
      window.__gpp = (command) => (command === "ping" ? { gppVersion: "1.0", gppString: ${JSON.stringify(gppString)} } : undefined);
    </script>`);
    expect(returned.gppData).toMatchObject({ responded: true, gppString });
  });

  it("survives hostile APIs: a throwing getter, a callback that never comes, a throwing call and a huge string", async () => {
    const result = await probe(`<script>
      window.__gpp = (command, callback) => callback({ get gppString() { throw new Error("no"); } }, true);
      window.__uspapi = () => { throw new Error("broken"); };
      window.__tcfapi = (command, version, callback) => callback({ tcString: "C".repeat(5_000_000) }, true);
    </script>`);
    expect(result.gppData).toEqual({ responded: false, signalStatus: null, gppString: null });
    expect(result.uspData).toEqual({ responded: false, uspString: null });
    expect(result.tcData?.tcString?.length).toBe(20_000);
    const silent = await probe(`<script>window.__gpp = () => undefined; window.__uspapi = () => undefined;</script>`);
    expect(silent).toMatchObject({ gppData: { responded: false }, uspData: { responded: false } });
  });
});
