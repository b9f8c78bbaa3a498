import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { renderErrorPage, renderHomePage, renderPendingPage, renderReportPage } from "../../src/report/index.js";
import { mapStrings } from "./support/page-parts.js";
import {
  reportViewOf,
  reportViewSince,
  scanJobWith,
  withoutMetaPixel,
  withPhaseMatrix,
  withPhaseRows,
  withSiteChecks,
  withTimeline,
} from "./support/report-views.js";
import { servePages, type PageServer, type ServedPage } from "./support/serve-pages.js";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const HOSTILE = `</style></script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> & "q"`;

// Compared with the site's previous version, so the pages carry the "since the last scan" section too.
const courier = withSiteChecks(reportViewSince("daily-courier", withoutMetaPixel));
const noGo = reportViewOf("bot-challenge");
const hostile = mapStrings(courier, (text) => `${text}${HOSTILE}`);
const served = (page: { html: string; contentSecurityPolicy: string }): ServedPage => page;

/** What went wrong on a page: CSP violations (DOM event and console), uncaught errors, console errors. */
interface PageProblems {
  violations: string[];
  errors: string[];
}

/**
 * What a person sees on the report pages in a real Chromium, served with their policy header as the route
 * serves them: the facts are visible, filtering and grouping work, nothing breaks the policy or throws, and
 * axe finds no serious or critical accessibility problem.
 */
describe("report pages in a real browser", () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: PageServer;

  beforeAll(async () => {
    server = await servePages({
      "/report": served(renderReportPage(courier)),
      "/matrix": served(renderReportPage(withTimeline(withPhaseRows(withPhaseMatrix(courier))))),
      "/no-go": served(renderReportPage(noGo)),
      "/home": served(
        renderHomePage({
          baseUrl: "https://scan.example.org",
          allowance: { limit: 10, remaining: 7, resetAt: "2026-11-29T00:00:00.000Z" },
          mcp: { hosted: true, light: true },
          accounts: true,
          error: { message: "url: must be an http(s) URL" },
          recentScans: [
            {
              scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10",
              domain: "www.a-very-long-domain-name-of-a-shop.example.com",
              score: 42,
              riskLevel: "review_recommended",
              completedAt: "2026-11-28T10:00:00.000Z",
            },
            {
              scanId: "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40",
              domain: "quiet.example",
              score: 100,
              riskLevel: "informational",
              completedAt: "2026-11-28T09:00:00.000Z",
            },
          ],
          url: "ftp://example.com/",
        }),
      ),
      "/hostile": served(renderReportPage(hostile)),
      "/pending": served(renderPendingPage(scanJobWith({ retryAfterSeconds: 60 }))),
      "/pending-fast": served(renderPendingPage(scanJobWith({ retryAfterSeconds: 2 }))),
      // Controls: the same page with a policy that does not match its script, and one with a deliberate a11y defect.
      "/wrong-hash": {
        ...served(renderReportPage(courier)),
        contentSecurityPolicy: renderErrorPage({ status: 500, code: "x", message: "" }).contentSecurityPolicy,
      },
      "/inaccessible": {
        html: renderReportPage(courier).html.replace('<label for="filter-kind">Kind</label>', ""),
        contentSecurityPolicy: null,
      },
      "/error": served(renderErrorPage({ status: 404, code: "not_found", message: "No scan with this ID." })),
    });
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint"), defaultViewport: { width: 1200, height: 900 } });
    context = await browser.createBrowserContext();
  });

  afterAll(async () => {
    await context?.close();
    // The browser is shared by the whole run: disconnect, never close it.
    await browser?.disconnect();
    await server?.close();
  });

  async function open(path: string, options: { bypassCsp?: boolean; javaScript?: boolean; in?: BrowserContext } = {}) {
    const page = await (options.in ?? context).newPage();
    const problems: PageProblems = { violations: [], errors: [] };
    page.on("pageerror", (error) => problems.errors.push(String(error)));
    page.on("console", (message) => {
      if (/content security policy/i.test(message.text())) problems.violations.push(message.text());
      else if (message.type() === "error") problems.errors.push(message.text());
    });
    page.on("dialog", (dialog) => {
      problems.errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    // Registered through CDP before any page script, so the page's own policy does not block it.
    await page.evaluateOnNewDocument(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    if (options.bypassCsp) await page.setBypassCSP(true);
    if (options.javaScript === false) await page.setJavaScriptEnabled(false);
    const response = await page.goto(`${server.origin}${path}`, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    return { page, problems };
  }

  async function expectClean(page: Page, problems: PageProblems) {
    // A pending page reloads itself every few seconds: an evaluate that lands mid-navigation is retried on
    // the next document instead of waiting on a destroyed one (each document collects its own violations).
    const read = () => withDeadline(page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).catch(() => null);
    let domViolations = await read();
    for (let attempt = 0; domViolations === null && attempt < 20; attempt += 1) domViolations = await read();
    if (domViolations === null) throw new Error("the page never settled long enough to read its policy violations");
    expect([...problems.violations, ...domViolations]).toEqual([]);
    expect(problems.errors).toEqual([]);
  }

  /** axe needs its own script in the page, which the strict policy rightly refuses: run it with the policy bypassed. */
  async function expectAccessible(page: Page) {
    await page.addScriptTag({ content: AXE_SOURCE });
    const results = await page.evaluate(() =>
      (
        window as unknown as {
          axe: {
            run(
              context: Document,
            ): Promise<{ passes: unknown[]; violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }>;
          };
        }
      ).axe.run(document),
    );
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes)`);
    expect(serious).toEqual([]);
    // axe really ran its rules on this page.
    expect(results.passes.length).toBeGreaterThan(10);
  }

  const visibleRows = (page: Page) =>
    page.$$eval("#pre-consent-table tr[data-row]", (rows) =>
      rows
        .filter((row) => row.checkVisibility())
        .map((row) => ({ kind: row.getAttribute("data-kind"), vendor: row.getAttribute("data-vendor") })),
    );

  it("would notice a policy violation and an accessibility defect (the checks below can fail)", async () => {
    const { page, problems } = await open("/wrong-hash");
    const domViolations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    expect(domViolations.some((violation) => violation.startsWith("script-src"))).toBe(true);
    expect(problems.violations.length).toBeGreaterThan(0);
    // The script was refused, so the controls stay hidden and the full table remains.
    expect(await page.$eval("#table-controls", (element) => element.checkVisibility())).toBe(false);
    await page.close();

    const unlabelled = await open("/inaccessible", { bypassCsp: true });
    await expect(expectAccessible(unlabelled.page)).rejects.toThrow(/select-name/);
    await unlabelled.page.close();
  });

  it("shows score, risk level, headline and disclaimer as visible text", async () => {
    const { page, problems } = await open("/report");
    const text = await page.$eval("body", (body) => (body as HTMLElement).innerText);
    const score = await page.$eval("#score", (element) => ({
      text: (element as HTMLElement).innerText,
      visible: element.checkVisibility(),
    }));
    expect(score).toEqual({ text: `${courier.scan.score} / 100`, visible: true });
    expect(await page.$eval("#risk", (element) => (element as HTMLElement).innerText)).toBe("Risk level: Priority review");
    expect(await page.$eval("#disclaimer", (element) => element.checkVisibility())).toBe(true);
    expect(text).toContain(courier.disclaimer);
    expect(text).toContain(courier.headline);
    expect(await page.$$eval("article.finding", (articles) => articles.length)).toBe(courier.findings.length);
    await expectClean(page, problems);
    await page.close();
  });

  it("shows the score gauge and the vendor x phase matrix first, accessible, and the page within a phone's width", async () => {
    const phone = await browser.createBrowserContext();
    try {
      const { page, problems } = await open("/matrix", { in: phone });
      await page.setViewport({ width: 390, height: 844 });
      const matrix = await page.$eval("#consent-matrix", (section) => ({
        text: (section as HTMLElement).innerText,
        right: section.getBoundingClientRect().right,
        beforeFindings: Boolean(section.compareDocumentPosition(document.getElementById("findings")!) & Node.DOCUMENT_POSITION_FOLLOWING),
      }));
      expect(matrix.text).toContain("What consent changes");
      // The next pages' columns read "Not run" for a scan without them, never as nothing seen.
      expect(matrix.text).toMatch(
        /Google\s+3 trackers, 2 cookies\s+1 tracker\s+Not run\s+4 trackers, 3 cookies, 1 storage\s+Not run\s+Not run/,
      );
      expect(matrix.beforeFindings).toBe(true);
      expect(matrix.right).toBeLessThanOrEqual(390);
      const gauge = await page.$eval("#score-gauge", (figure) => ({
        right: figure.getBoundingClientRect().right,
        visible: figure.checkVisibility(),
      }));
      expect(gauge).toEqual({ right: expect.any(Number) as number, visible: true });
      expect(gauge.right).toBeLessThanOrEqual(390);
      // On a phone each timeline track goes under its words, full width, and stays inside the screen.
      const timeline = await page.$$eval("#visit-timeline-list li", (rows) =>
        rows.map((row) => {
          const [text, track] = [row.querySelector(".tl-text")!.getBoundingClientRect(), row.querySelector("svg")!.getBoundingClientRect()];
          return { below: track.top >= text.bottom - 1, right: track.right, width: track.width };
        }),
      );
      expect(timeline).toHaveLength(8);
      for (const row of timeline) {
        expect(row.below).toBe(true);
        expect(row.right).toBeLessThanOrEqual(390);
        expect(row.width).toBeGreaterThan(300);
      }
      // The whole page fits: nothing (not even a table's visually hidden "none") widens it past the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Unfolded, the per-phase tables scroll inside their own wrappers: the page still fits.
      expect(await page.$$eval("details.phase-rows", (all) => all.map((details) => (details.open = true)).length)).toBe(1);
      expect(await page.$eval("#phase-table-after-accept", (table) => table.checkVisibility())).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectClean(page, problems);
      await page.close();
      // axe needs its own script, which the policy refuses: checked on the same page with the policy bypassed,
      // every fold open so the per-phase tables are checked too.
      const checked = await open("/matrix", { in: phone, bypassCsp: true });
      await checked.page.$$eval("details", (all) => all.forEach((details) => (details.open = true)));
      await expectAccessible(checked.page);
      await checked.page.close();
    } finally {
      await phone.close();
    }
  });

  it("folds low findings on screen and shows every finding's details in print", async () => {
    const { page } = await open("/report", { javaScript: false });
    const visibleExamples = () =>
      page.$$eval("article.finding table.examples", (tables) => tables.filter((table) => table.checkVisibility()).length);
    const high = courier.findings.filter((finding) => finding.criticality === "high" && finding.examples.length > 0).length;
    const withExamples = courier.findings.filter((finding) => finding.examples.length > 0).length;
    expect(high).toBeLessThan(withExamples);
    expect(await visibleExamples()).toBe(high);
    await page.emulateMediaType("print");
    expect(await visibleExamples()).toBe(withExamples);
    await page.close();
  });

  it("filters the table by vendor and by kind, and resets", async () => {
    const { page, problems } = await open("/report");
    const rows = courier.table.rows;
    expect(await page.$eval("#table-controls", (element) => element.checkVisibility())).toBe(true);
    expect(await visibleRows(page)).toHaveLength(rows.length);

    await page.select("#filter-vendor", "Hotjar");
    const hotjar = await visibleRows(page);
    expect(hotjar.length).toBe(rows.filter((row) => row.vendor === "Hotjar").length);
    expect(hotjar.length).toBeGreaterThan(0);
    expect(hotjar.every((row) => row.vendor === "Hotjar")).toBe(true);

    await page.select("#filter-vendor", "");
    await page.select("#filter-kind", "cookie");
    const cookies = await visibleRows(page);
    expect(cookies.length).toBe(courier.table.summary.cookieCount);
    expect(cookies.every((row) => row.kind === "cookie")).toBe(true);

    await page.select("#filter-vendor", "Google");
    const googleCookies = rows.filter((row) => row.kind === "cookie" && row.vendor === "Google").length;
    expect(await visibleRows(page)).toHaveLength(googleCookies);
    expect(await page.$eval("#table-status", (element) => element.textContent)).toBe(`Showing ${googleCookies} of ${rows.length} rows.`);

    await page.click("#reset-table");
    expect(await visibleRows(page)).toHaveLength(rows.length);
    await expectClean(page, problems);
    await page.close();
  });

  it("groups the table by vendor and by party, with filters applied inside the groups", async () => {
    const { page, problems } = await open("/report");
    const rows = courier.table.rows;
    const vendors = [...new Set(rows.map((row) => row.vendor))].sort();
    await page.select("#group-by", "vendor");
    const groups = () =>
      page.$$eval("#pre-consent-table tbody", (bodies) =>
        bodies
          .filter((body) => body.checkVisibility())
          .map((body) => ({
            group: body.getAttribute("data-group"),
            heading: body.querySelector("tr.group-row th")?.textContent ?? null,
            vendors: Array.from(body.querySelectorAll("tr[data-row]"))
              .filter((row) => row.checkVisibility())
              .map((row) => row.getAttribute("data-vendor")),
          })),
      );
    const byVendor = await groups();
    expect(byVendor.map((group) => group.group)).toEqual(vendors);
    for (const group of byVendor) {
      const count = rows.filter((row) => row.vendor === group.group).length;
      expect(group.vendors).toEqual(Array(count).fill(group.group));
      expect(group.heading).toBe(`Vendor: ${group.group} (${count === 1 ? "1 row" : `${count} rows`})`);
    }
    expect(await visibleRows(page)).toHaveLength(rows.length);

    // A filter hides rows inside the groups and groups left empty.
    await page.select("#filter-kind", "storage");
    const storageVendors = [...new Set(rows.filter((row) => row.kind === "storage").map((row) => row.vendor))].sort();
    expect((await groups()).map((group) => group.group)).toEqual(storageVendors);
    expect(await visibleRows(page)).toHaveLength(courier.table.summary.storageCount);

    await page.select("#filter-kind", "");
    await page.select("#group-by", "party");
    expect((await groups()).map((group) => group.heading)).toEqual([
      `Party: First party (${rows.filter((row) => row.party === "first_party").length} rows)`,
      `Party: Third party (${rows.filter((row) => row.party === "third_party").length} rows)`,
    ]);
    await page.select("#group-by", "");
    expect(await page.$$eval("#pre-consent-table tbody", (bodies) => bodies.length)).toBe(1);
    expect(await visibleRows(page)).toHaveLength(rows.length);
    await expectClean(page, problems);
    await page.close();
  });

  it("shows the complete table without scripts, and hides the controls that need them", async () => {
    const { page } = await open("/report", { javaScript: false });
    expect(await visibleRows(page)).toHaveLength(courier.table.rows.length);
    expect(await page.$eval("#table-controls", (element) => element.checkVisibility())).toBe(false);
    await page.close();
  });

  it("renders hostile view strings as text: nothing runs, the policy is never even tested, filters still match", async () => {
    const { page, problems } = await open("/hostile");
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$eval("script", (scripts) => scripts.length)).toBe(1);
    expect(await page.$$eval("img", (images) => images.length)).toBe(0);
    expect(await page.$eval("h1", (element) => element.textContent)).toBe(`Privacy scan report: ${hostile.scan.domain}`);
    const vendor = hostile.table.rows[0]!.vendor;
    await page.select("#filter-vendor", vendor);
    expect(await visibleRows(page)).toHaveLength(hostile.table.rows.filter((row) => row.vendor === vendor).length);
    await expectClean(page, problems);
    await page.close();
  });

  it("shows a no-go scan as not assessed, with every phase not run", async () => {
    const { page, problems } = await open("/no-go");
    expect(await page.$eval("#score", (element) => (element as HTMLElement).innerText)).toBe("Not assessed");
    const phases = await page.$$eval("ul.phases li", (items) => items.map((item) => (item as HTMLElement).innerText));
    expect(phases).toHaveLength(noGo.phases.length);
    for (const phase of phases) expect(phase).toMatch(/Not run/);
    expect(phases.join(" ")).not.toMatch(/Observed/);
    expect(await page.$eval("#disclaimer", (element) => element.checkVisibility())).toBe(true);
    await expectClean(page, problems);
    await page.close();
  });

  it.each([
    ["/report", null],
    ["/report", "vendor"],
    ["/no-go", null],
  ] as const)("has no serious or critical axe violations: %s grouped by %s", async (path, groupBy) => {
    const { page } = await open(path, { bypassCsp: true });
    if (groupBy !== null) await page.select("#group-by", groupBy);
    await expectAccessible(page);
    await page.close();
  });

  it("home page: the scan form works without script, within the policy, accessible and within a phone's width", async () => {
    const phone = await browser.createBrowserContext();
    try {
      const { page, problems } = await open("/home", { in: phone });
      await page.setViewport({ width: 390, height: 844 });
      expect(await page.$eval("#url", (input) => (input as HTMLInputElement).value)).toBe("ftp://example.com/");
      expect(await page.$eval("#scan-error", (alert) => (alert as HTMLElement).innerText)).toBe("url: must be an http(s) URL");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectClean(page, problems);
      await page.close();
      const checked = await open("/home", { in: phone, bypassCsp: true });
      await expectAccessible(checked.page);
      await checked.page.close();
    } finally {
      await phone.close();
    }
  });

  it("pending page: progress and a pausable reload, within the policy and accessible", async () => {
    const { page, problems } = await open("/pending");
    const text = await page.$eval("body", (body) => (body as HTMLElement).innerText);
    expect(text).toContain("Scan in progress");
    expect(text).toContain("40% (estimate)");
    expect(await page.$eval("#disclaimer", (element) => element.checkVisibility())).toBe(true);
    expect(await page.$eval("#auto-reload", (element) => element.checkVisibility())).toBe(true);
    expect(await page.$eval("#reload-countdown", (element) => element.textContent)).toMatch(/^Reloading in \d+ s\.$/);
    await page.click("#reload-toggle");
    expect(await page.$eval("#reload-countdown", (element) => element.textContent)).toBe("Automatic reload is paused.");
    expect(await page.$eval("#reload-toggle", (element) => element.textContent)).toBe("Resume automatic reload");
    await expectClean(page, problems);
    await page.close();

    const checked = await open("/pending", { bypassCsp: true });
    await expectAccessible(checked.page);
    await checked.page.close();
  });

  it("pending page reloads itself after the delay, with and without scripts", async () => {
    // Pages that keep reloading get a context of their own, closed as a whole: Chromium drops a tab's close
    // request that arrives while a navigation commits, and page.close() then waits for ever (measured: about
    // half the time on a fast-reloading page; the scanner's closePage handles it the same way for its pages).
    const reloading = await browser.createBrowserContext();
    try {
      const before = server.hits("/pending-fast");
      const withScripts = await open("/pending-fast", { in: reloading });
      await open("/pending-fast", { javaScript: false, in: reloading });
      await expect.poll(() => server.hits("/pending-fast"), { timeout: 6_000, interval: 200 }).toBeGreaterThanOrEqual(before + 4);
      await expectClean(withScripts.page, withScripts.problems);
    } finally {
      await reloading.close();
    }
  });

  it("error page: message visible, within the policy and accessible", async () => {
    const { page, problems } = await open("/error");
    expect(await page.$eval("#error-message", (element) => (element as HTMLElement).innerText)).toBe("No scan with this ID.");
    expect(await page.$eval("#disclaimer", (element) => element.checkVisibility())).toBe(true);
    expect(await page.$$eval("script", (scripts) => scripts.length)).toBe(0);
    await expectClean(page, problems);
    await page.close();

    const checked = await open("/error", { bypassCsp: true });
    await expectAccessible(checked.page);
    await checked.page.close();
  });
});

/** The promise, or a rejection after `ms`: a page that navigates away must not hold a test until its timeout. */
function withDeadline<T>(promise: Promise<T>, ms = 1000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer in time")), ms)));
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
