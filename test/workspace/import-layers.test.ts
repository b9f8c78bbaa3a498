import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type IConfiguration } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` runs dependency-cruiser with `.dependency-cruiser.cjs`: no import circles, and no upward
 * imports between the layers of core and the scanner (ARCHITECTURE.md). Lint passing on the real tree
 * proves only that nothing breaks the rules today; these cases prove the rules would catch a break, by
 * cruising a small tree laid out like the repository.
 */
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as IConfiguration;
const sandbox = mkdtempSync(join(tmpdir(), "import-layers-"));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

let cases = 0;

/** Writes `files` (path -> the paths it imports) into a fresh tree and returns the rules it breaks. */
async function brokenRules(files: Record<string, string[]>): Promise<string[]> {
  const base = join(sandbox, `case-${cases++}`);
  for (const [path, imports] of Object.entries(files)) {
    const file = join(base, path);
    mkdirSync(dirname(file), { recursive: true });
    const lines = imports.map((target, index) => `import { v${index} } from "${relativeImport(path, target)}";`);
    writeFileSync(file, `${lines.join("\n")}\nexport const v0 = 0;\n`);
  }
  const result = await cruise(["packages"], {
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts"] },
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result object");
  return [...new Set(result.output.summary.violations.map((violation) => violation.rule.name))].sort();
}

function relativeImport(from: string, to: string): string {
  const up = from
    .split("/")
    .slice(0, -1)
    .map(() => "..");
  return [...up, to.replace(/\.ts$/, "")].join("/");
}

describe("import rules (dependency-cruiser)", () => {
  it("pass a downward import inside core and inside the scanner", async () => {
    expect(
      await brokenRules({
        "packages/core/src/contract/scan.ts": [],
        "packages/core/src/projection/to-score.ts": ["packages/core/src/contract/scan.ts"],
        "packages/scanner/src/network/guard.ts": [],
        "packages/scanner/src/scan/run-scan.ts": ["packages/scanner/src/network/guard.ts"],
      }),
    ).toEqual([]);
  });

  it("refuse an upward import inside core", async () => {
    expect(
      await brokenRules({
        "packages/core/src/keys/network-of.ts": [],
        "packages/core/src/limits/to-requester-id.ts": ["packages/core/src/keys/network-of.ts"],
      }),
    ).toEqual(["core-layers-limits"]);
  });

  it("refuse an upward import inside the scanner", async () => {
    expect(
      await brokenRules({
        "packages/scanner/src/scan/sleep.ts": [],
        "packages/scanner/src/phases/run-fresh-visit.ts": ["packages/scanner/src/scan/sleep.ts"],
      }),
    ).toEqual(["scanner-layers-phases"]);
  });

  it("refuse an import circle anywhere, even inside one folder", async () => {
    expect(
      await brokenRules({
        "packages/storage/src/redis/a.ts": ["packages/storage/src/redis/b.ts"],
        "packages/storage/src/redis/b.ts": ["packages/storage/src/redis/a.ts"],
      }),
    ).toEqual(["no-circular"]);
  });
});
