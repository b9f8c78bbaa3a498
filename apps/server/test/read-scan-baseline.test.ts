import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readScanBaseline } from "../src/read-scan-baseline.js";

describe("a scan baseline file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "public-scan-baseline-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const file = async (name: string, text: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  it("gives the finding codes of a JSON result", async () => {
    const path = await file("ok.json", JSON.stringify({ scan: {}, findings: { findings: [{ id: "a_finding" }, { id: "b_finding" }] } }));
    expect([...(await readScanBaseline(path))]).toEqual(["a_finding", "b_finding"]);
  });

  it.each([
    ["missing.json", null, /ENOENT/],
    ["broken.json", "{", /JSON/],
    ["sarif.json", JSON.stringify({ version: "2.1.0", runs: [] }), /not a scan result/],
    ["ids.json", JSON.stringify({ findings: { findings: [{ id: 7 }] } }), /not a scan result/],
  ])("refuses %s with a message, never reading it as no findings", async (name, text, message) => {
    const path = text === null ? join(dir, name) : await file(name, text);
    await expect(readScanBaseline(path)).rejects.toThrow(message);
  });
});
