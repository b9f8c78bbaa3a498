import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What `changeset publish` would put on npm installs: a published package needs only published packages at
 * run time, and everything its manifest points to (entries, bins) is inside its `files`. The installed layout
 * itself is run by the GitHub Action's test (`pnpm deploy` of the scan command).
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  files?: string[];
  bin?: Record<string, string>;
  exports?: Record<string, Record<string, string> | string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifests: Manifest[] = ["packages", "apps", "tools"].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, "package.json")))
    .map((entry) => JSON.parse(readFileSync(join(root, group, entry.name, "package.json"), "utf8")) as Manifest),
);
const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
const published = manifests.filter((manifest) => manifest.private !== true);

/** Whether `path` (as a manifest writes it, `./dist/x.js`) lies inside one of the `files` entries. */
const shipped = (files: readonly string[], path: string) => {
  const clean = path.replace(/^\.\//, "");
  return files.some((entry) => clean === entry || clean.startsWith(`${entry.replace(/\/$/, "")}/`));
};

describe("publishable packages", () => {
  it("include the scan command and the demo web it scans offline, beside the libraries", () => {
    expect(published.map((manifest) => manifest.name)).toEqual(expect.arrayContaining(["@public-scan/server", "@public-scan/fixture-web"]));
    // Test helpers and the Lambda deployment's app are not for npm.
    for (const name of ["@public-scan/test-support", "@public-scan/recorded-scans", "@public-scan/aws-lambda-app"])
      expect(byName.get(name)?.private).toBe(true);
  });

  it.each(published.map((manifest) => [manifest.name, manifest] as const))(
    "%s needs only published workspace packages",
    (_name, manifest) => {
      const needed = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies });
      const unpublished = needed.filter((name) => byName.has(name) && byName.get(name)!.private === true);
      expect(unpublished).toEqual([]);
    },
  );

  it.each(published.map((manifest) => [manifest.name, manifest] as const))("%s ships what its manifest points to", (_name, manifest) => {
    expect(manifest.files?.length).toBeGreaterThan(0);
    const files = manifest.files!;
    const targets = [
      ...Object.values(manifest.bin ?? {}),
      ...Object.values(manifest.exports ?? {}).flatMap((entry) =>
        typeof entry === "string"
          ? [entry]
          : Object.entries(entry)
              .filter(([condition]) => condition !== "@public-scan/source")
              .map(([, target]) => target),
      ),
    ];
    expect(targets.length).toBeGreaterThan(0);
    // npm always packs package.json itself.
    expect(targets.filter((target) => target !== "./package.json" && !shipped(files, target))).toEqual([]);
  });
});
