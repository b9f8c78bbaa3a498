import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

const data = (path: string) => new URL(`../../data/${path}`, import.meta.url);

describe("bundled data files", () => {
  it("ships EasyPrivacy unchanged, with the checksum and version its SOURCE.md records", async () => {
    const [list, source] = await Promise.all([
      readFile(data("easyprivacy/easyprivacy.txt")),
      readFile(data("easyprivacy/SOURCE.md"), "utf8"),
    ]);
    const sha256 = createHash("sha256").update(list).digest("hex");
    expect(source).toContain(sha256);
    const version = /^! Version: (\S+)$/m.exec(list.toString("utf8"))?.[1];
    expect(version).toBeDefined();
    expect(source).toContain(`! Version: ${version}`);
  });

  it("ships EasyPrivacy's dual licence and attribution beside it", async () => {
    const licence = await readFile(data("easyprivacy/LICENSE.md"), "utf8");
    expect(licence).toContain("GPL-3.0-or-later");
    expect(licence).toContain("CC BY-SA 3.0");
    expect(licence).toContain("https://easylist.to/");
  });

  it("ships the Open Cookie Database with its licence, notice and a version its SOURCE.md records", async () => {
    const [csv, licence, notice, version, source] = await Promise.all([
      readFile(data("open-cookie-database/open-cookie-database.csv")),
      readFile(data("open-cookie-database/LICENSE"), "utf8"),
      readFile(data("open-cookie-database/NOTICE"), "utf8"),
      readFile(data("open-cookie-database/VERSION"), "utf8"),
      readFile(data("open-cookie-database/SOURCE.md"), "utf8"),
    ]);
    // Git's blob hash, which the upstream commit names; proves the copy is unchanged.
    const blob = createHash("sha1").update(`blob ${csv.length}\0`).update(csv).digest("hex");
    expect(source).toContain(blob);
    expect(licence).toContain("Apache License");
    expect(notice).toContain("Open Cookie Database, jkwakman, Apache-2.0");
    expect(version.trim()).toMatch(/^[0-9a-f]{40}$/);
    expect(source).toContain(version.trim());
  });
});
