import { GppModel, HeaderV1, Sections, UspV1 } from "@iabgpp/cmpapi";
import puppeteer, { type Browser, type HTTPRequest } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { GppAnswerGroundTruth, GroundTruth, UspFlagGroundTruth } from "../src/index.js";
import { GPP_SITES } from "../src/sites/gpp-sites.js";
import { TRACKER_VENDORS } from "../src/trackers/tracker-vendors.js";
import { fixtureRequest } from "./support/fixture-request.js";

/**
 * The IAB GPP CMP sites in the shared Chromium, as a scan visits them: a first visit, and a fresh one with
 * `Sec-GPC: 1` and `navigator.globalPrivacyControl === true`. In each, what `__gpp('ping')` and
 * `__uspapi('getUSPData', 1)` answer, their strings decoded with the IAB's own library, is the phase's `gpp`
 * ground truth, and the tracker hosts the page contacted are the phase's.
 */
const web = inject("fixtureWeb");
// The global setup passes each site's ground truth through as read; its declared type predates these keys.
const truthOf = (id: string) => web.sites.find((site) => site.id === id)!.groundTruth as GroundTruth;
/** The scanner's GPC signal: the property, on the prototype as in the browsers that ship it. */
const GPC_PROPERTY = `Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get() { return true; }, configurable: true, enumerable: true });`;
/** Asks both APIs in the page's main world, as the scanner's probe does. */
const PROBE = `Promise.all([
  new Promise((resolve) => window.__gpp("ping", (data, success) => resolve(success ? { signalStatus: data.signalStatus, gppString: data.gppString } : null))),
  new Promise((resolve) => window.__uspapi("getUSPData", 1, (data, success) => resolve(success ? data.uspString : null))),
])`;
const OPT_OUTS = ["not_applicable", "opted_out", "did_not_opt_out"] as const;
const USP_FLAGS: Record<string, UspFlagGroundTruth> = { Y: "yes", N: "no", "-": "not_applicable" };
/** Headers of the fixture web's connection, not of the response the browser is given. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding"]);

let browser: Browser;
beforeAll(async () => {
  browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
});
afterAll(() => browser.disconnect());

/**
 * Answers the browser's request from the fixture web. The shared browser has no resolver rule for the
 * fixture's host names (scans reach them through the scanner's egress proxy), so this test serves them itself.
 */
async function answerFromFixtureWeb(request: HTTPRequest): Promise<void> {
  const url = new URL(request.url());
  if (url.protocol !== "https:" && url.protocol !== "http:") return request.continue();
  const postData = request.postData();
  const reply = await fixtureRequest({
    port: web.port,
    host: url.hostname,
    path: `${url.pathname}${url.search}`,
    secure: url.protocol === "https:",
    ca: web.caCertPem,
    method: request.method(),
    headers: request.headers(),
    ...(postData === undefined ? {} : { body: postData }),
  });
  const headers = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  await request.respond({ status: reply.status, headers, body: reply.body });
}

/** One visit: the answers of both APIs, decoded, and the tracker hosts contacted. */
async function visit(url: string, gpc: boolean): Promise<{ answer: GppAnswerGroundTruth; trackerHosts: string[] }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const trackerHosts = new Set<string>();
    page.on("request", (request) => {
      const host = new URL(request.url()).hostname;
      if (host in TRACKER_VENDORS) trackerHosts.add(host);
    });
    await page.setRequestInterception(true);
    page.on("request", (request) => void answerFromFixtureWeb(request).catch(() => request.abort()));
    if (gpc) {
      await page.setExtraHTTPHeaders({ "Sec-GPC": "1" });
      await page.evaluateOnNewDocument(GPC_PROPERTY);
    }
    await page.goto(url, { waitUntil: "load" });
    await page.waitForNetworkIdle({ idleTime: 500 });
    const [gpp, uspString] = (await page.evaluate(PROBE)) as [{ signalStatus: string; gppString: string } | null, string | null];
    return {
      answer: {
        signalStatus: gpp?.signalStatus === "ready" ? "ready" : gpp?.signalStatus === "not ready" ? "not_ready" : "other",
        sections: gpp === null ? [] : decodeGpp(gpp.gppString),
        usp: uspString === null ? null : decodeUsp(uspString),
      },
      trackerHosts: [...trackerHosts].sort(),
    };
  } finally {
    await context.close();
  }
}

/** The string's sections in its header's order, decoded with the IAB library's `GppModel`. */
function decodeGpp(gppString: string): GppAnswerGroundTruth["sections"] {
  const model = new GppModel(gppString);
  const ids = new HeaderV1(gppString.split("~")[0]).getFieldValue("SectionIds") as number[];
  return ids.map((id) => {
    const name = Sections.SECTION_ID_NAME_MAP.get(id)!;
    const optOut = (field: string) => (model.hasField(name, field) ? OPT_OUTS[model.getFieldValue(name, field) as number]! : null);
    return {
      name,
      saleOptOut: optOut("SaleOptOut"),
      sharingOptOut: optOut("SharingOptOut"),
      targetedAdvertisingOptOut: optOut("TargetedAdvertisingOptOut"),
      // Set by the decoder from the string itself: whether the section carries its GPC sub-section.
      gpc: model.getFieldValue(name, "GpcSegmentIncluded") === true ? model.getFieldValue(name, "Gpc") === true : null,
    };
  });
}

function decodeUsp(uspString: string): NonNullable<GppAnswerGroundTruth["usp"]> {
  const section = new UspV1(uspString);
  const flag = (field: string) => USP_FLAGS[section.getFieldValue(field) as string]!;
  return { notice: flag("Notice"), optOutSale: flag("OptOutSale"), lspaCovered: flag("LspaCovered") };
}

describe("IAB GPP sites in a browser", () => {
  it.each(GPP_SITES.map((site) => [site.id, `https://${site.host}/`] as const))(
    "%s answers __gpp and __uspapi as its ground truth says, with and without GPC, and loads its trackers accordingly",
    async (id, url) => {
      const truth = truthOf(id);
      const [first, withGpc] = [await visit(url, false), await visit(url, true)];
      expect(first.answer).toEqual(truth.gpp!.phases.pre_consent);
      expect(withGpc.answer).toEqual(truth.gpp!.phases.gpc);
      expect(first.trackerHosts).toEqual([...truth.preConsent.trackerHosts].sort());
      expect(withGpc.trackerHosts).toEqual([...truth.phases!.gpc.trackerHosts].sort());
    },
  );
});
