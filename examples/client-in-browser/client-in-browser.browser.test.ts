import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseServeConfig, runKeysCommand, startReferenceServer, type ReferenceServer } from "@public-scan/server";
import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { CLIENT_DIST, servePage } from "./serve-page.js";

/**
 * The example checks itself in the shared Chromium: the page, served on its own origin with the built
 * client, asks the reference server (another origin) for its health, scans a site of the fixture web and
 * shows the status as it comes and then the score, under its strict CSP and without a console error.
 */
const web = inject("fixtureWeb");
const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
let dataDir: string;
let api: ReferenceServer;
let key: string;
let page: Awaited<ReturnType<typeof servePage>>;
let browser: Browser;
let context: BrowserContext;

/** The module specifiers a built file imports or re-exports, static and dynamic. */
const specifiersOf = (source: string) =>
  [
    ...source.matchAll(
      /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm,
    ),
  ].map((match) => (match[1] ?? match[2] ?? match[3])!);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-client-in-browser-"));
  await writeFile(join(dataDir, "fixture-ca.pem"), web.caCertPem);
  // A key that may create scans, as `pnpm keys issue --scopes scan:read,scan:create` prints it: the API
  // creates scans for another origin's page only with one.
  let printed = "";
  await runKeysCommand(["issue", "--scopes", "scan:read,scan:create", "--data-dir", dataDir], {
    stdout: (text) => (printed += text),
    stderr: () => {},
  });
  key = printed.trim();
  api = await startReferenceServer(
    parseServeConfig([], {
      PUBLIC_SCAN_PORT: "0",
      PUBLIC_SCAN_DATA_DIR: dataDir,
      // The fixture web's names resolve to its loopback port; its CA is trusted like an operator's extra CA.
      PUBLIC_SCAN_RESOLVE: web.resolveRules.join(","),
      PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: web.allowPrivateTargets.join(","),
      PUBLIC_SCAN_EXTRA_CA_CERTS: join(dataDir, "fixture-ca.pem"),
      PUBLIC_SCAN_BROWSER_WS_ENDPOINT: inject("browserWSEndpoint"),
      PUBLIC_SCAN_REMOTE_BROWSER: "trusted",
      PUBLIC_SCAN_PHASES: "pre_consent_only",
      PUBLIC_SCAN_OBSERVE_MS: "300",
      PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "2000",
    }),
  );
  page = await servePage({ apiOrigin: new URL(api.url).origin });
  browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
  context = await browser.createBrowserContext();
});
afterAll(async () => {
  await context?.close();
  // The browser is shared by the whole run: disconnect, never close it.
  await browser?.disconnect();
  await page?.close();
  await api?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("loads a built client that imports only its own files", () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(readFileSync(join(CLIENT_DIST, file), "utf8"))) {
      expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
      visit(join(file, "..", specifier));
    }
  };
  visit("index.js");
  expect([...seen]).toEqual(expect.arrayContaining(["index.js", "create-client.js", "send-request.js", "wait-for-scan.js"]));
});

it("checks the API's health, scans a fixture site and shows the status as it comes and then the score", async () => {
  const tab: Page = await context.newPage();
  const problems: string[] = [];
  tab.on("pageerror", (error) => problems.push(String(error)));
  tab.on("console", (message) => {
    if (message.type() === "error" || /content security policy/i.test(message.text())) problems.push(message.text());
  });
  // Registered through CDP before any page script, so the page's own policy does not stop it.
  await tab.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await tab.goto(page.url, { waitUntil: "load" });

  await tab.$eval("#base-url", (input) => ((input as HTMLInputElement).value = ""));
  await tab.type("#base-url", api.url);
  await tab.type("#api-key", key);
  await tab.type("#url", site.url);
  await tab.click("button[type=submit]");
  await tab.waitForFunction(() => /\d+\/100/.test(document.querySelector("#score")!.textContent ?? ""), { timeout: 25_000 });

  const shown = await tab.evaluate(() => ({
    health: document.querySelector("#health")!.textContent,
    status: document.querySelector("#status")!.textContent,
    progress: Array.from(document.querySelectorAll("#progress li"), (item) => item.textContent),
    score: document.querySelector("#score")!.textContent,
    report: (document.querySelector("#report") as HTMLAnchorElement).href,
  }));
  expect(shown.health).toMatch(/^ok: API v2, contract \S+, score \S+$/);
  expect(shown.status).toBe("completed");
  // The job as the client saw it while waiting: at least the queued job the creation answered.
  expect(shown.progress.length).toBeGreaterThan(0);
  expect(shown.progress[0]).toMatch(/^(queued|pending|running|finalizing): \w+ \(\d+%\)$/);
  expect(shown.score).toMatch(/^\d+\/100 \(final, risk level \w+\)$/);
  expect(shown.report).toMatch(new RegExp(`^${new URL(api.url).origin}/reports/`));
  expect(problems).toEqual([]);
  expect(await tab.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  // Only the page's files and the client's were asked for (and the browser's own favicon, if it asks).
  expect(page.requested.filter((path) => !/^\/(|app\.js|style\.css|favicon\.ico|client\/[\w/-]+\.js)$/.test(path))).toEqual([]);

  // The policy is strict: a request to any other origin than the API's is refused by the browser.
  const refused = await tab.evaluate(() =>
    fetch("http://127.0.0.1:9/").then(
      () => "sent",
      () => "refused",
    ),
  );
  expect(refused).toBe("refused");
  expect(await tab.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([
    "connect-src http://127.0.0.1:9/",
  ]);
  await tab.close();
});
