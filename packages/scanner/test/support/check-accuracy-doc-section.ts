import { readFile, writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";
import { expect } from "vitest";

const ACCURACY_DOC = new URL("../../../../docs/accuracy.md", import.meta.url);

/** A markdown table's cells, so the page compares equal however prettier aligned its columns. */
const cellsOf = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((row) => row.split("|").map((cell) => cell.trim().replace(/^-{3,}(:?)$/, "---$1")));

/**
 * Keeps a measured section of docs/accuracy.md true: the markdown between `<!-- <section>:start -->` and
 * `<!-- <section>:end -->` must equal what the test measured. With `UPDATE_ACCURACY=1` the test rewrites it
 * instead (formatted as the repository formats markdown), so a change of figures is one command and a diff.
 */
export async function checkAccuracyDocSection(options: { section: string; measured: string }): Promise<void> {
  const start = `<!-- ${options.section}:start -->`;
  const end = `<!-- ${options.section}:end -->`;
  const page = await readFile(ACCURACY_DOC, "utf8");
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  expect(from, `docs/accuracy.md has no ${start} ... ${end} section`).toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  if (process.env.UPDATE_ACCURACY === "1") {
    const updated = `${page.slice(0, from + start.length)}\n\n${options.measured}\n\n${page.slice(to)}`;
    const config = await resolveConfig(ACCURACY_DOC);
    await writeFile(ACCURACY_DOC, await format(updated, { ...config, parser: "markdown" }));
    return;
  }
  const shown = page.slice(from + start.length, to);
  expect(cellsOf(shown), "docs/accuracy.md is out of date: run the test with UPDATE_ACCURACY=1").toEqual(cellsOf(options.measured));
}
