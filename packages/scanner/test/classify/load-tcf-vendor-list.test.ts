import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTcfVendorList, parseTcfVendorList } from "../../src/classify/load-tcf-vendor-list.js";

describe("parseTcfVendorList", () => {
  it("reads each vendor's name under its id, cleaned and cut, and leaves out what is unusable", () => {
    const list = parseTcfVendorList({
      vendorListVersion: 150,
      vendors: {
        "1": { id: 1, name: "Exponential Interactive" },
        "755": { id: 755, name: "Google\u0000 Advertising Products\n" },
        "8": { id: 8, name: "x".repeat(300) },
        "9": { id: 9 },
        "70000": { id: 70000, name: "Out of range" },
        abc: { name: "Not an id" },
      },
    });
    expect(list.version).toBe(150);
    expect([...list.names]).toEqual([
      [1, "Exponential Interactive"],
      [8, "x".repeat(120)],
      [755, "Google Advertising Products"],
    ]);
  });

  it("refuses what is no vendor list, so a wrong path fails at start", () => {
    expect(() => parseTcfVendorList([])).toThrow(/vendorListVersion/);
    expect(() => parseTcfVendorList({ vendorListVersion: 3 })).toThrow(/vendors/);
    expect(() => parseTcfVendorList("gvl")).toThrow(/object/);
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, index) => [String(index + 1), { name: "V" }]));
    expect(() => parseTcfVendorList({ vendorListVersion: 1, vendors: many })).toThrow(/over 10000/);
  });
});

describe("loadTcfVendorList", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gvl-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads a file, and says why when it is not JSON", async () => {
    const good = join(dir, "vendor-list.json");
    await writeFile(good, JSON.stringify({ vendorListVersion: 7, vendors: { "2": { id: 2, name: "Two" } } }));
    expect((await loadTcfVendorList(pathToFileURL(good))).names.get(2)).toBe("Two");
    const bad = join(dir, "broken.json");
    await writeFile(bad, "{not json");
    await expect(loadTcfVendorList(pathToFileURL(bad))).rejects.toThrow(/not JSON/);
    await expect(loadTcfVendorList(pathToFileURL(join(dir, "missing.json")))).rejects.toThrow(/ENOENT/);
  });
});
