import { readFile } from "node:fs/promises";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CANARY } from "../src/index.js";
import { SITES_DIR } from "../src/sites-dir.js";

const GTAG = new URL("_trackers/www.googletagmanager.com/gtag.js", SITES_DIR);

/**
 * The simulated gtag.js in a minimal page (cookie jar, sendBeacon, Image, manual timers): what it sends and
 * stores for a given dataLayer, so its Consent Mode v2 rules are checked without a browser. The sites'
 * real behaviour in Chromium is checked by the scanner's accuracy test against their `consentMode` truth.
 */
async function loadGtag(queued: unknown[][]) {
  const source = (await readFile(GTAG, "utf8")).replaceAll("__CANARY__", CANARY);
  const jar = new Map<string, string>();
  const hits: URL[] = [];
  const timers: Array<(() => void) | undefined> = [];
  const page: Record<string, unknown> = {
    document: {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      },
      set cookie(line: string) {
        const [pair] = line.split(";");
        const cut = pair!.indexOf("=");
        jar.set(pair!.slice(0, cut), pair!.slice(cut + 1));
      },
      title: "Alpine Optics",
    },
    location: { hostname: "www.alpine-optics.test", href: "https://www.alpine-optics.test/" },
    navigator: { language: "en-GB", sendBeacon: (url: string) => hits.push(new URL(url)) },
    screen: { width: 1280, height: 800 },
    Image: class {
      set src(url: string) {
        hits.push(new URL(url));
      }
    },
    URLSearchParams,
    setTimeout: (run: () => void) => timers.push(run) - 1,
    clearTimeout: (id: number) => {
      timers[id] = undefined;
    },
    // gtag() pushes its `arguments` object, which is array-like: the simulated tag takes any array-like entry.
    dataLayer: queued.map((args) => ({ ...args, length: args.length })),
  };
  page.window = page;
  runInNewContext(source, page);
  const gtag = (...args: unknown[]) => (page.dataLayer as { push: (entry: unknown) => void }).push({ ...args, length: args.length });
  const runTimers = () => timers.splice(0).forEach((run) => run?.());
  /** The hits so far, as host, gcs, gcd and npa (absent: null), and how the client id was made. */
  const sent = () =>
    hits.map((url) => ({
      host: url.hostname,
      gcs: url.searchParams.get("gcs"),
      gcd: url.searchParams.get("gcd"),
      npa: url.searchParams.get("npa"),
    }));
  return { gtag, runTimers, sent, hits, cookies: () => [...jar.keys()] };
}

const TAGS = [
  ["js", new Date(0)],
  ["config", "G-AL8P2N7Q4K"],
  ["config", "DC-4417023"],
  ["event", "conversion", { send_to: "DC-4417023/visit0/alpin0+standard" }],
];
const ALL = (value: string) => ({ ad_storage: value, analytics_storage: value, ad_user_data: value, ad_personalization: value });
const GA = "region1.google-analytics.com";
const DC = "ad.doubleclick.net";

describe("the simulated gtag.js and Google Consent Mode v2", () => {
  it("without any consent command: cookies at once, gcd with every signal unset, no gcs, npa=0", async () => {
    const page = await loadGtag(TAGS);
    expect(page.sent()).toEqual([
      { host: GA, gcs: null, gcd: "13l3l3l3l5l1", npa: null },
      { host: DC, gcs: null, gcd: "13l3l3l3l5l1", npa: "0" },
    ]);
    expect(page.cookies()).toEqual(["_ga", "_ga_AL8P2N7Q4K"]);
    const cid = page.hits[0]!.searchParams.get("cid")!;
    expect(page.hits[1]!.searchParams.get("auiddc")).toBe(cid);
    expect(cid).toContain(CANARY);
  });

  it("holds the first hits for wait_for_update, then sends cookieless pings while everything is denied", async () => {
    const page = await loadGtag([["consent", "default", { ...ALL("denied"), wait_for_update: 500 }], ...TAGS]);
    expect(page.sent()).toEqual([]);
    page.runTimers();
    expect(page.sent()).toEqual([
      { host: GA, gcs: "G100", gcd: "13p3p3p3p5l1", npa: null },
      { host: DC, gcs: "G100", gcd: "13p3p3p3p5l1", npa: "1" },
    ]);
    expect(page.cookies()).toEqual([]);
    expect(page.hits[0]!.searchParams.get("cid")).toContain(CANARY);

    // Reject: everything stays denied, nothing more is sent.
    page.gtag("consent", "update", ALL("denied"));
    expect(page.sent()).toHaveLength(2);
    expect(page.cookies()).toEqual([]);
  });

  it("on an update that grants storage writes the cookies, sends a page_view and the Floodlight event again", async () => {
    const page = await loadGtag([["consent", "default", { ...ALL("denied"), wait_for_update: 500 }], ...TAGS]);
    page.runTimers();
    page.gtag("consent", "update", ALL("granted"));
    expect(page.sent().slice(2)).toEqual([
      { host: GA, gcs: "G111", gcd: "13r3r3r3r5l1", npa: null },
      { host: DC, gcs: "G111", gcd: "13r3r3r3r5l1", npa: "0" },
    ]);
    expect(page.cookies()).toEqual(["_ga", "_ga_AL8P2N7Q4K"]);
    // The cookieless ping's client id was the page's own, not the one now stored.
    expect(page.hits[0]!.searchParams.get("cid")).not.toBe(page.hits[2]!.searchParams.get("cid"));
  });

  it("sends the held hits once, in the updated state, when the update comes before the wait ends", async () => {
    const page = await loadGtag([["consent", "default", { ...ALL("denied"), wait_for_update: 500 }], ...TAGS]);
    page.gtag("consent", "update", ALL("granted"));
    page.runTimers();
    expect(page.sent()).toEqual([
      { host: GA, gcs: "G111", gcd: "13r3r3r3r5l1", npa: null },
      { host: DC, gcs: "G111", gcd: "13r3r3r3r5l1", npa: "0" },
    ]);
  });

  it("sends granted storage at once under a granting default, with npa=1 while ad_personalization is denied", async () => {
    const defaults = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "denied", ad_personalization: "denied" };
    const page = await loadGtag([["consent", "default", defaults], ...TAGS]);
    expect(page.sent()).toEqual([
      { host: GA, gcs: "G111", gcd: "13t3t3p3p5l1", npa: null },
      { host: DC, gcs: "G111", gcd: "13t3t3p3p5l1", npa: "1" },
    ]);
    expect(page.cookies()).toEqual(["_ga", "_ga_AL8P2N7Q4K"]);
    // Denied from then on: no new hit, and the letters say granted by default, denied by update.
    page.gtag("consent", "update", ALL("denied"));
    page.gtag("config", "G-AL8P2N7Q4K");
    expect(page.sent().slice(2)).toEqual([{ host: GA, gcs: "G100", gcd: "13u3u3q3q5l1", npa: null }]);
  });

  it("grants analytics alone on an update that says so: a GA4 hit in that state, no Floodlight again", async () => {
    const page = await loadGtag([["consent", "default", ALL("denied")], ...TAGS]);
    page.gtag("consent", "update", { ...ALL("denied"), analytics_storage: "granted" });
    expect(page.sent().slice(2)).toEqual([{ host: GA, gcs: "G101", gcd: "13q3r3q3q5l1", npa: null }]);
    expect(page.cookies()).toEqual(["_ga", "_ga_AL8P2N7Q4K"]);
  });

  it("applies a default with a region list to no one, and letters an update given without a default m or n", async () => {
    const regional = await loadGtag([["consent", "default", { ...ALL("denied"), region: ["DE", "US-CA"] }], ...TAGS]);
    expect(regional.sent()[0]).toEqual({ host: GA, gcs: null, gcd: "13l3l3l3l5l1", npa: null });
    expect(regional.cookies()).toEqual(["_ga", "_ga_AL8P2N7Q4K"]);

    const fallback = await loadGtag([
      ["consent", "default", { ...ALL("denied"), region: ["FR"] }],
      ["consent", "default", ALL("granted")],
      ...TAGS.slice(0, 2),
    ]);
    expect(fallback.sent()).toEqual([{ host: GA, gcs: "G111", gcd: "13t3t3t3t5l1", npa: null }]);

    const updateOnly = await loadGtag([["consent", "update", { ad_storage: "denied", analytics_storage: "granted" }], ...TAGS.slice(0, 2)]);
    expect(updateOnly.sent()).toEqual([{ host: GA, gcs: "G101", gcd: "13m3n3l3l5l1", npa: null }]);
  });
});
