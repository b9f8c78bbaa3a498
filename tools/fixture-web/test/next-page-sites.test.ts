import { readFile } from "node:fs/promises";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CANARY } from "../src/index.js";
import { SITES_DIR } from "../src/sites-dir.js";
import { extractReferences } from "./support/extract-references.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** The sites whose ground truth describes the next pages, with the second page their header's nav links to. */
const NEXT_PAGE_SITES = [
  { id: "copper-kettle", host: "www.copper-kettle.test", next: "/teas", scripts: ["/assets/consent.js"] },
  { id: "goldfish-toys", host: "www.goldfish-toys.test", next: "/toys", scripts: ["/assets/analytics.js", "/assets/consent.js"] },
] as const;

const GTAG_HOST = "www.googletagmanager.com";

interface FakeElement {
  tag: string;
  src?: string;
  removed: boolean;
  attributes: Map<string, string>;
  listeners: Array<(event: unknown) => void>;
}

/**
 * One page of a site in a minimal DOM (cookie jar shared across pages, referrer, head and body that record
 * what is appended): its scripts run in order, as `defer` runs them. Returns the banner it shows (if any),
 * a click on one of its buttons, and the scripts it added to `<head>`.
 */
async function openPage(options: { site: (typeof NEXT_PAGE_SITES)[number]; jar: Map<string, string>; referrer: string }) {
  const { site, jar } = options;
  const body: FakeElement[] = [];
  const head: FakeElement[] = [];
  const createElement = (tag: string): FakeElement & Record<string, unknown> => {
    const element: FakeElement & Record<string, unknown> = {
      tag,
      removed: false,
      attributes: new Map(),
      listeners: [],
      setAttribute: (name: string, value: string) => element.attributes.set(name, value),
      addEventListener: (_type: string, listener: (event: unknown) => void) => element.listeners.push(listener),
      remove: () => {
        element.removed = true;
      },
    };
    return element;
  };
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
      referrer: options.referrer,
      createElement,
      head: { appendChild: (element: FakeElement) => head.push(element) },
      body: { appendChild: (element: FakeElement) => body.push(element) },
    },
    location: { hostname: site.host, href: `https://${site.host}/` },
    URL,
  };
  page.window = page;
  for (const script of site.scripts) {
    const source = (await readFile(new URL(`${site.id}/public${script}`, SITES_DIR), "utf8")).replaceAll("__CANARY__", CANARY);
    runInNewContext(source, page);
  }
  const banner = (): FakeElement | undefined => body.find((element) => !element.removed && element.attributes.get("role") === "dialog");
  return {
    banner,
    click: (choice: "accepted" | "rejected") => {
      const target = { getAttribute: (name: string) => (name === "data-choice" ? choice : null) };
      for (const listener of banner()!.listeners) listener({ target });
    },
    /** Hosts of the scripts the page added to `<head>`. */
    loaded: () => head.filter((element) => element.tag === "script").map((element) => new URL(element.src!).hostname),
  };
}

describe("the next-page sites", () => {
  const web = useFixtureWeb();
  const get = (host: string, path: string) => fixtureRequest({ port: web().port, host, path, ca: web().caCertPem });

  it.each(NEXT_PAGE_SITES)("$id links its second page from the header's nav, with the same banner and tags", async (site) => {
    const home = await get(site.host, "/");
    const header = /<header[\s\S]*?<\/header>/.exec(home.text)?.[0] ?? "";
    expect(header).toMatch(/<nav[\s\S]*<\/nav>/);
    const links = extractReferences(/<nav[\s\S]*?<\/nav>/.exec(header)![0], `https://${site.host}/`).map((link) => link.url.pathname);
    // The link the scanner picks: the first in the nav that leads to another path of the site.
    expect(links.find((path) => path !== "/")).toBe(site.next);
    const next = await get(site.host, site.next);
    expect(next.status).toBe(200);
    expect(next.headers["content-type"]).toBe("text/html; charset=utf-8");
    const scriptsOf = (html: string) =>
      extractReferences(html, `https://${site.host}/`)
        .filter((reference) => reference.tag === "script")
        .map((reference) => reference.url.pathname);
    expect(scriptsOf(home.text)).toEqual(site.scripts);
    expect(scriptsOf(next.text)).toEqual(site.scripts);
  });

  describe("copper-kettle remembers the choice in a first-party cookie", () => {
    const site = NEXT_PAGE_SITES[0];

    it("after reject: no tag on either page, and no banner on the next", async () => {
      const jar = new Map<string, string>();
      const first = await openPage({ site, jar, referrer: "" });
      expect(first.banner()).toBeDefined();
      expect(first.loaded()).toEqual([]);
      first.click("rejected");
      expect(first.banner()).toBeUndefined();
      expect(first.loaded()).toEqual([]);
      expect(jar).toEqual(new Map([["kettle_consent", `${CANARY}-rejected`]]));
      const next = await openPage({ site, jar, referrer: `https://${site.host}/` });
      expect(next.banner()).toBeUndefined();
      expect(next.loaded()).toEqual([]);
    });

    it("after accept: Google Analytics on both pages, and no banner on the next", async () => {
      const jar = new Map<string, string>();
      const first = await openPage({ site, jar, referrer: "" });
      first.click("accepted");
      expect(first.banner()).toBeUndefined();
      expect(first.loaded()).toEqual([GTAG_HOST]);
      expect(jar.get("kettle_consent")).toBe(`${CANARY}-accepted`);
      const next = await openPage({ site, jar, referrer: `https://${site.host}/` });
      expect(next.banner()).toBeUndefined();
      expect(next.loaded()).toEqual([GTAG_HOST]);
    });
  });

  describe("goldfish-toys forgets the choice, and its tag fires on internal navigations", () => {
    const site = NEXT_PAGE_SITES[1];

    it("waits for consent on the landing page, even from another site", async () => {
      for (const referrer of ["", "https://www.search.test/?q=toys"]) {
        const first = await openPage({ site, jar: new Map(), referrer });
        expect(first.banner(), referrer).toBeDefined();
        expect(first.loaded(), referrer).toEqual([]);
        first.click("rejected");
        expect(first.loaded(), referrer).toEqual([]);
      }
    });

    it.each(["rejected", "accepted"] as const)(
      "after %s: the banner again on the next page, and Google Analytics there",
      async (choice) => {
        const jar = new Map<string, string>();
        const first = await openPage({ site, jar, referrer: "" });
        first.click(choice);
        expect(first.banner()).toBeUndefined();
        expect(first.loaded()).toEqual(choice === "accepted" ? [GTAG_HOST] : []);
        // Nothing of the answer is stored.
        expect(jar.size).toBe(0);
        const next = await openPage({ site, jar, referrer: `https://${site.host}/` });
        expect(next.banner()).toBeDefined();
        expect(next.loaded()).toEqual([GTAG_HOST]);
        // Accepting again does not load the tag twice.
        next.click("accepted");
        expect(next.loaded()).toEqual([GTAG_HOST]);
      },
    );
  });
});
