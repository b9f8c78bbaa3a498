import {
  ComparableScanSchema,
  FindingListSchema,
  FindingsExportSchema,
  PreConsentTableSchema,
  ScanSchema,
  type ScanChanges,
} from "@public-scan/core";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { changingSiteUrl, switchChangingSite } from "@public-scan/fixture-web";
import { runScanCommand } from "../src/run-scan-command.js";

/**
 * The scan command end to end, as the README's first command runs it: the demo scans a fixture site with
 * real Chromium and prints the report. Nothing it writes, to stdout or stderr, may carry the canary that
 * the site planted in every value and query string.
 */
async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runScanCommand(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/**
 * The scan command's flags that reach the shared fixture web as an operator reaches a staging site (resolve
 * rules, private hosts allowed, its CA trusted), with the data directory (where the CA file is written too).
 */
async function fixtureWebFlags(dataDir: string): Promise<string[]> {
  const web = inject("fixtureWeb");
  const caFile = join(dataDir, "fixture-ca.pem");
  await writeFile(caFile, web.caCertPem);
  return [
    ...web.resolveRules.flatMap((rule) => ["--resolve", rule]),
    ...["--allow-private-targets", web.allowPrivateTargets.join(","), "--extra-ca-certs", caFile, "--data-dir", dataDir],
  ];
}

describe("pnpm scan", () => {
  it("--demo prints the pre-consent report of the fixture news site, without any planted value", async () => {
    const { code, stdout, stderr } = await run(["--demo", "--observe-ms", "2000"]);
    expect(stderr).not.toContain("scan failed");
    expect(code).toBe(0);
    expect(stdout).toMatch(/_ga\s+daily-courier\.test\s+1st\s+js www\.googletagmanager\.com\s+Google/);
    expect(stdout).toMatch(/IDE\s+doubleclick\.net\s+3rd\s+header ad\.doubleclick\.net/);
    expect(stdout).toContain("Tracker hosts contacted before consent");
    expect(stdout).toMatch(/Score \d+\/100 · risk \w+ · coverage complete/);
    expect(stdout).toMatch(/1\s+high\s+Advertising trackers contacted before consent\s+3\s+pre_consent_advertising_tracker/);
    expect(stdout).toMatch(/Pre-consent cookies, storage and trackers \(\d+\)/);
    // All four phases ran: the matrix says what Google did in each, and that reject stopped its trackers.
    expect(stdout).toMatch(/What consent changes \(\d+ vendors\)/);
    expect(stdout).toMatch(/Google\s+\d+ trackers?[^\n]*\n/);
    expect(stdout).not.toMatch(/Google[^\n]*not run/);
    // The visit's timeline: from the page request, Google's tag manager before the snapshot, then reject.
    const timeline = /Timeline of the visit\n((?: {2}.*\n)+)/.exec(stdout)?.[1] ?? "";
    expect(timeline).toMatch(/^ +0\.0 s {2}Page requested\n/);
    expect(timeline).toMatch(
      /\d+\.\d s {2}Google contacted \(www\.googletagmanager\.com, \d+ requests?\) before consent\n[\s\S]*Before-consent snapshot taken\n[\s\S]*Reject used on the banner/,
    );
    expect(stderr).toMatch(/\d+\.\d s +\d+% {2}visiting as a first-time visitor, before consent/);
    expect(`${stdout}${stderr}`).not.toContain("CANARY");
  }, 90_000);

  it("--demo --json prints the Scan, findings and table resources of the contract, without any planted value", async () => {
    const { code, stdout } = await run(["--demo", "--json", "--observe-ms", "500"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout) as {
      scan: unknown;
      findings: unknown;
      preConsentCookiesTrackers: unknown;
      observations: { schemaVersion: number };
    };
    const scan = ScanSchema.parse(output.scan);
    expect(scan).toMatchObject({ type: "service_scan", status: "completed", executionMode: "new_scan" });
    expect(scan.score).toBeLessThan(100);
    expect(FindingListSchema.parse(output.findings).findings.length).toBeGreaterThan(3);
    expect(PreConsentTableSchema.parse(output.preConsentCookiesTrackers).rows.length).toBeGreaterThan(5);
    expect(output.observations.schemaVersion).toBe(1);
    expect(stdout).not.toContain("CANARY");
  }, 90_000);

  it("answers bad arguments with exit code 2 and the usage", async () => {
    const { code, stderr } = await run(["ftp://example.com"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: pnpm scan");
  });
});

describe("pnpm scan as a CI gate", () => {
  // Pre-consent only and a short window: what these cases need is the verdict and the files, not the phases.
  const quick = ["--phases", "pre_consent_only", "--observe-ms", "300"];

  it("fails on high findings (exit 1) and writes every report format it was asked for", async () => {
    const dir = await mkdtemp(join(tmpdir(), "public-scan-gate-"));
    try {
      const { code, stderr } = await run([
        "--demo",
        ...quick,
        "--fail-on",
        "high",
        "--output",
        "json,sarif,junit,csv,phases-csv,md,html,pdf",
        "--output-path",
        dir,
      ]);
      expect(stderr).toMatch(/gate failed: \d+ findings? at high or above: .*pre_consent_advertising_tracker/);
      expect(code).toBe(1);
      const json = JSON.parse(await readFile(join(dir, "public-scan.json"), "utf8")) as { scan: unknown; findings: unknown };
      expect(ScanSchema.parse(json.scan).scoreStatus).toBe("final");
      expect(FindingsExportSchema.parse(json.findings).findings.some((finding) => finding.criticality === "high")).toBe(true);
      const sarif = JSON.parse(await readFile(join(dir, "public-scan.sarif"), "utf8")) as {
        version: string;
        runs: Array<{ results: unknown[] }>;
      };
      expect(sarif.version).toBe("2.1.0");
      expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
      expect(await readFile(join(dir, "public-scan.junit.xml"), "utf8")).toContain('<failure type="high"');
      expect((await readFile(join(dir, "public-scan-pre-consent.csv"), "utf8")).split("\r\n")[0]).toBe(
        "kind,name,vendor,host,purpose,party,priority,requestCount,phase",
      );
      // Pre-consent only: the later phases did not run, so their CSV is its header alone.
      expect(await readFile(join(dir, "public-scan-phases.csv"), "utf8")).toBe(
        "phase,kind,name,vendor,host,purpose,party,lifetimeSeconds,requestCount,newInPhase\r\n",
      );
      expect(await readFile(join(dir, "public-scan.md"), "utf8")).toContain("### public-scan:");
      const html = await readFile(join(dir, "public-scan.html"), "utf8");
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).toContain('id="consent-matrix"');
      expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
      const pdf = await readFile(join(dir, "public-scan.pdf"));
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.length).toBeGreaterThan(10_000);
      const everything = await Promise.all(
        [
          "public-scan.json",
          "public-scan.sarif",
          "public-scan.junit.xml",
          "public-scan-pre-consent.csv",
          "public-scan-phases.csv",
          "public-scan.md",
          "public-scan.html",
        ].map((name) => readFile(join(dir, name), "utf8")),
      );
      expect(everything.join("")).not.toContain("CANARY");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("compares with a --baseline file as the changes route does: the tracker a site's next version adds, and only new findings fail", async () => {
    const web = inject("fixtureWeb");
    const url = changingSiteUrl("cli-baseline");
    const dir = await mkdtemp(join(tmpdir(), "public-scan-baseline-"));
    const flags = [...(await fixtureWebFlags(dir)), ...quick];
    try {
      // The baseline: the site as it is, written as CI writes it.
      const before = await run([url, ...flags, "--output", "json", "--output-path", join(dir, "main")]);
      expect(before.code).toBe(0);
      const baseline = join(dir, "main", "public-scan.json");
      expect(JSON.parse(await readFile(baseline, "utf8"))).toHaveProperty("comparable.phases");
      // Its next version adds Meta's pixel before consent.
      await switchChangingSite(web, "cli-baseline", "next");
      const after = await run([url, ...flags, "--fresh", "--baseline", baseline, "--fail-on", "high"]);
      expect(after.code).toBe(1);
      expect(after.stdout).toContain(`Since the baseline (${baseline})`);
      expect(after.stdout).toMatch(/- A new advertising tracker, Meta, fires before consent \(connect\.facebook\.net[^)]*\)/);
      expect(after.stdout).toMatch(/Before consent: [1-9]\d* started, 0 stopped/);
      expect(after.stderr).toMatch(/gate failed: \d+ new findings? at high or above: .*pre_consent_advertising_tracker/);
      // The same diff in the JSON output (the recent scan reused), beside what the next run compares with.
      const json = await run([url, ...flags, "--baseline", baseline, "--json"]);
      const output = JSON.parse(json.stdout) as { changes: ScanChanges; comparable: unknown };
      const started = output.changes.phases.find((phase) => phase.phase === "pre_consent")!.started;
      expect(started.map((row) => row.host)).toContain("connect.facebook.net");
      expect(output.changes.findings.new.map((item) => item.id)).toContain("pre_consent_advertising_tracker");
      expect(ComparableScanSchema.safeParse(output.comparable).success).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("passes (exit 0) on a site without high findings", async () => {
    const { code, stderr } = await run(["--demo", "quiet-bakery", ...quick, "--fail-on", "high"]);
    expect(stderr).toContain("gate passed");
    expect(code).toBe(0);
  }, 90_000);

  it("exits 3 when the site cannot be assessed, whatever the gate", async () => {
    // The bakery's bot-challenge interstitial (as CDNs serve one): a no-go, not a pass.
    const web = inject("fixtureWeb");
    const bakery = web.sites.find((site) => site.id === "quiet-bakery")!;
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-no-go-"));
    const reach = await fixtureWebFlags(dataDir);
    try {
      const { code, stderr } = await run([new URL("/challenge", bakery.url).href, ...reach, ...quick, "--min-score", "0"]);
      expect(stderr).toContain("not assessed");
      expect(code).toBe(3);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("answers an unknown demo site with exit 2 and the sites there are", async () => {
    const { code, stderr } = await run(["--demo", "no-such-site"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/has no site no-such-site; its sites: .*daily-courier/);
  });
});

describe("pnpm scan on the embedded defaults", () => {
  it("stores scans in a SQLite file in the data directory and reuses a recent one", async () => {
    const web = inject("fixtureWeb");
    const bakery = web.sites.find((site) => site.id === "quiet-bakery")!;
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-cli-"));
    const flags = [...(await fixtureWebFlags(dataDir)), "--observe-ms", "300"];
    try {
      const first = await run([bakery.url, ...flags]);
      expect(first.code).toBe(0);
      // The bakery sets nothing before consent; what remains is transport and policy (no HSTS, a short policy).
      expect(first.stdout).toMatch(/Score \d+\/100 · risk \w+ · coverage complete/);
      expect(first.stdout).toContain("hsts_missing");
      expect(first.stdout).not.toContain("pre_consent_advertising_tracker");
      expect(existsSync(join(dataDir, "public-scan.sqlite"))).toBe(true);
      const second = await run([bakery.url, ...flags]);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("Reused a scan from");
      expect(second.stderr).not.toContain("visiting as a first-time visitor");
      expect(first.stdout).not.toContain("Since the last scan");
      // A fresh scan of the same URL says what changed since the last one in the data directory: nothing.
      const third = await run([bakery.url, ...flags, "--fresh"]);
      expect(third.code).toBe(0);
      expect(third.stdout).toMatch(/Since the last scan \(\d{4}-\d\d-\d\dT[^)]+\)\n {2}score (\d+) -> \1 \(no change\)/);
      expect(third.stdout).toContain("no change that matters where both scans looked");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
