import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every changeset can be released: `changeset status` assembles the release plan from all of `.changeset/`,
 * and refuses one that mixes packages it would version with packages it ignores (as it did while private
 * packages, the CLI among them, were not versioned).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

describe("changesets", () => {
  it("make a release plan", () => {
    const status = spawnSync(`${root}node_modules/.bin/changeset`, ["status", "--verbose"], { cwd: root, encoding: "utf8" });
    expect(`${status.stdout}${status.stderr}`).not.toMatch(/Error|mixed changeset/i);
    expect(status.stdout).toMatch(/@public-scan\/scanner/);
  });
});
