import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { waitForScan } from "./support/wait-for-scan.js";

/**
 * The reference server as an operator runs it: configured by environment, scanning a site of the fixture
 * web with the shared Chromium, answering the README's curl calls, keeping its data across a restart.
 */
/** The anonymous allowance left, as a reused scan reports it (reuse is free). */
async function anonymousRemaining(origin: string): Promise<number> {
  const reused = await fetch(`${origin}/api/v2/scans`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: inject("fixtureWeb").sites.find((site) => site.id === "daily-courier")!.url }),
  });
  return ((await reused.json()) as { anonymousQuotaRemaining: number }).anonymousQuotaRemaining;
}

describe("pnpm serve", () => {
  const web = inject("fixtureWeb");
  const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
  let dataDir: string;
  const env = () => fixtureServeEnv(dataDir);
  let server: ReferenceServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-serve-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("scans through the REST API, serves the report page, and keeps the scan across a restart", async () => {
    server = await startReferenceServer(parseServeConfig([], env()));
    const created = await fetch(`${server.url}/api/v2/scans`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: site.url }),
    });
    expect(created.status).toBe(202);
    const { scanId } = (await created.json()) as { scanId: string };
    expect(await waitForScan(server.url, scanId)).toMatchObject({ type: "service_scan", status: "completed" });

    // SSRF targets are refused up front by the scanner's egress policy: 400 with one message for every
    // reason, nothing queued, and each refusal costs a scan (no free oracle of internal names).
    const quotaBefore = await anonymousRemaining(server.url);
    const ssrfTargets = [
      "http://169.254.169.254/latest/meta-data/",
      server.url,
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0x7f000001/",
      "http://2130706433/",
      "http://localhost:8787/",
      "http://metadata.google.internal/",
    ];
    const messages = new Set<string>();
    for (const url of ssrfTargets) {
      const refused = await fetch(`${server.url}/api/v2/scans`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url }),
      });
      expect(refused.status, url).toBe(400);
      messages.add(((await refused.json()) as { error: { message: string } }).error.message);
    }
    expect([...messages]).toEqual(["url: this target cannot be scanned: it is not a public web address."]);
    expect(await anonymousRemaining(server.url)).toBe(quotaBefore - ssrfTargets.length);
    // Counter keys are HMACs with a secret kept, owner-only, in the data directory.
    expect((await stat(join(dataDir, "identifier-secret"))).mode & 0o777).toBe(0o600);
    // So is the database: key hashes, accounts and audit events.
    expect((await stat(join(dataDir, "public-scan.sqlite"))).mode & 0o777).toBe(0o600);

    const report = await fetch(`${server.url}/reports/${scanId}`);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await report.text()).toContain(site.host);

    // What a person sees when they open links.report in a browser.
    const browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on("console", (message) => violations.push(message.text()));
      await page.goto(`${server.url}/reports/${scanId}`);
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain(site.host);
      expect(text).toMatch(/\d+ ?\/ ?100/);
      expect(text).toContain("not legal advice");
      expect(text).toContain("_ga");
      expect(violations.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);

      // The home page's form, as a person uses it: the same site again is reused, so the report shows at once.
      await page.goto(`${server.url}/`);
      expect(await page.$eval("#allowance", (line) => (line as HTMLElement).innerText)).toMatch(
        /^Scans without an account: \d+ of \d+ left/,
      );
      await page.type("#url", site.url);
      await Promise.all([page.waitForNavigation(), page.click(".scan-form button")]);
      expect(new URL(page.url()).pathname).toBe(`/reports/${scanId}`);
      expect(await page.evaluate(() => document.body.innerText)).toContain(site.host);
      expect(violations.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
    } finally {
      await context.close();
      await browser.disconnect();
    }
    await server.close();

    // An operator key issued into the same data directory reads the scan after a restart.
    let printed = "";
    expect(
      await runKeysCommand(["issue", "--scopes", "scan:read", "--data-dir", dataDir], {
        stdout: (text) => (printed += text),
        stderr: () => {},
      }),
    ).toBe(0);
    const key = /svc_[A-Za-z0-9_]+/.exec(printed)?.[0];
    expect(key).toBeDefined();
    server = await startReferenceServer(parseServeConfig([], env()));
    const scan = await fetch(`${server.url}/api/v2/scans/${scanId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(scan.status).toBe(200);
    expect(await scan.json()).toMatchObject({ scanId, status: "completed", links: { report: `${server.url}/reports/${scanId}` } });
    expect((await fetch(`${server.url}/api/v2/scans/${scanId}`)).status).toBe(401);
    await server.close();
  }, 60_000);
});

describe("serve configuration", () => {
  it("takes flags over environment over defaults", () => {
    const machine = { cores: 2, memoryBytes: 8 * 2 ** 30 };
    expect(parseServeConfig([], {}, machine)).toMatchObject({
      host: "127.0.0.1",
      port: 8787,
      dataDir: ".data",
      trustedProxies: [],
      concurrency: 4,
    });
    expect(parseServeConfig([], { PUBLIC_SCAN_CONCURRENCY: "3" }, machine).concurrency).toBe(3);
    expect(parseServeConfig(["--concurrency", "1"], { PUBLIC_SCAN_CONCURRENCY: "3" }, machine).concurrency).toBe(1);
    expect(parseServeConfig([], {}).recentScans).toBe(10);
    expect(parseServeConfig(["--recent-scans", "0"], { PUBLIC_SCAN_RECENT_SCANS: "5" }).recentScans).toBe(0);
    expect(parseServeConfig([], { PUBLIC_SCAN_RECENT_SCANS: "5" }).recentScans).toBe(5);
    expect(() => parseServeConfig(["--recent-scans", "-1"], {})).toThrow(/--recent-scans/);
    const config = parseServeConfig(["--port", "9000", "--trusted-proxies", "loopback,10.0.0.0/8"], {
      PUBLIC_SCAN_PORT: "7000",
      PUBLIC_SCAN_HOST: "0.0.0.0",
      PUBLIC_SCAN_RESOLVE: "www.example.com=10.0.0.5, *.example.org=10.0.0.6:8443",
      PUBLIC_SCAN_EXTRA_CA_CERTS: "/etc/ca.pem",
      PUBLIC_SCAN_TCF_VENDOR_LIST: "/srv/gvl/vendor-list.json",
    });
    expect(config).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      trustedProxies: ["loopback", "10.0.0.0/8"],
      resolve: ["www.example.com=10.0.0.5", "*.example.org=10.0.0.6:8443"],
      extraCaCertsFile: "/etc/ca.pem",
      tcfVendorListFile: "/srv/gvl/vendor-list.json",
    });
    expect(parseServeConfig([], {}).tcfVendorListFile).toBeNull();
  });

  it("refuses a bad trusted-proxy setting before it starts anything", async () => {
    await expect(startReferenceServer(parseServeConfig(["--trusted-proxies", "proxy.example", "--port", "0"], {}))).rejects.toThrow(
      /not an address/,
    );
  });

  it("refuses bad values with a clear message", () => {
    expect(() => parseServeConfig(["--port", "70000"], {})).toThrow(/--port must be an integer/);
    expect(() => parseServeConfig([], { PUBLIC_SCAN_CONCURRENCY: "0" })).toThrow(/--concurrency/);
    expect(() => parseServeConfig(["--base-url", "ftp://x"], {})).toThrow(/--base-url/);
    expect(() => parseServeConfig(["--nope"], {})).toThrow();
  });
});
