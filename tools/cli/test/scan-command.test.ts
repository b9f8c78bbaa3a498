import { describe, expect, it } from "vitest";
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

  it("--demo --json prints observations that parse, without any planted value", async () => {
    const { code, stdout } = await run(["--demo", "--json", "--observe-ms", "500"]);
    expect(code).toBe(0);
    const { report, observations } = JSON.parse(stdout) as {
      report: { score: number; findings: unknown[] };
      observations: { schemaVersion: number; cookies: unknown[] };
    };
    expect(observations.schemaVersion).toBe(1);
    expect(observations.cookies.length).toBeGreaterThan(3);
    expect(report.findings.length).toBeGreaterThan(3);
    expect(report.score).toBeLessThan(100);
    expect(stdout).not.toContain("CANARY");
  }, 90_000);

  it("answers bad arguments with exit code 2 and the usage", async () => {
    const { code, stderr } = await run(["ftp://example.com"]);
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: pnpm scan");
  });
});
