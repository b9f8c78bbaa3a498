import { describe, expect, it } from "vitest";
import { PUBLIC_SCAN_COMMANDS, runPublicScanCommand } from "../src/run-public-scan-command.js";

function io() {
  const out = { stdout: "", stderr: "" };
  return { out, io: { stdout: (text: string) => (out.stdout += text), stderr: (text: string) => (out.stderr += text), env: {} } };
}

describe("the public-scan command", () => {
  it("dispatches each command to its own, with the rest of the arguments", async () => {
    for (const name of Object.keys(PUBLIC_SCAN_COMMANDS)) {
      const { out, io: streams } = io();
      expect(await runPublicScanCommand([name, "--help"], streams)).toBe(0);
      // Each command's own usage, which names the command.
      expect(out.stdout).toContain(`pnpm ${name}`);
    }
  });

  it("lists the commands on --help, and refuses a missing or unknown one with exit code 2", async () => {
    const help = io();
    expect(await runPublicScanCommand(["--help"], help.io)).toBe(0);
    for (const name of Object.keys(PUBLIC_SCAN_COMMANDS)) expect(help.out.stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    const unknown = io();
    expect(await runPublicScanCommand(["scna", "https://example.org/"], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toContain('unknown command "scna"');
    const none = io();
    expect(await runPublicScanCommand([], none.io)).toBe(2);
    expect(none.out.stderr).toContain("Usage: public-scan <command>");
  });
});
