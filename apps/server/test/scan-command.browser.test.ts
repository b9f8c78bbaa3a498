import { FindingListSchema, PreConsentTableSchema, ScanSchema } from "@public-scan/core";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
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
    expect(stderr).toContain("% runtime_observation");
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

describe("pnpm scan on the embedded defaults", () => {
  it("stores scans in a SQLite file in the data directory and reuses a recent one", async () => {
    const web = inject("fixtureWeb");
    const bakery = web.sites.find((site) => site.id === "quiet-bakery")!;
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-cli-"));
    const caFile = join(dataDir, "fixture-ca.pem");
    await writeFile(caFile, web.caCertPem);
    const flags = [
      ...web.resolveRules.flatMap((rule) => ["--resolve", rule]),
      "--allow-private-targets",
      web.allowPrivateTargets.join(","),
      "--extra-ca-certs",
      caFile,
      "--data-dir",
      dataDir,
      "--observe-ms",
      "300",
    ];
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
      expect(second.stderr).not.toContain("% runtime_observation");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
