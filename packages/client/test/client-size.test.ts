import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { describe, expect, it } from "vitest";

/** Bundles an entry for a browser, minified, and measures it gzipped (what a page downloads). */
async function gzippedSize(entry: string): Promise<number> {
  const output = await build({
    input: fileURLToPath(new URL(entry, import.meta.url)),
    platform: "browser",
    write: false,
    output: { format: "esm", minify: true },
    resolve: { conditionNames: ["@public-scan/source", "import", "default"] },
    logLevel: "silent",
  });
  const code = output.output.map((chunk) => ("code" in chunk ? chunk.code : "")).join("");
  return gzipSync(code).length;
}

describe("the client's size", () => {
  it("stays under 10 kB gzipped without validation; validation (zod and the schemas) is reported, not budgeted", async () => {
    const plain = await gzippedSize("../src/index.ts");
    const validating = await gzippedSize("./support/validating-entry.ts");
    console.info(`client: ${(plain / 1024).toFixed(1)} kB gzipped; with contract validation: ${(validating / 1024).toFixed(1)} kB`);
    expect(plain).toBeLessThan(10 * 1024);
    // The opt-in validation really pulls in the schemas: far larger than the client alone.
    expect(validating).toBeGreaterThan(plain * 3);
  });
});
