import { createMemoryScanStore, type ScanStore, type Scanner } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { composeScanCommand, TOKENS } from "../src/composition-root.js";

describe("the scan command's composition root", () => {
  it("builds one scanner per run from its options, and serves the store it was given", async () => {
    const scanStore = createMemoryScanStore();
    const scope = composeScanCommand({ scanner: { observeMs: 100 }, scanStore });
    const scanner = scope.resolve<Scanner>(TOKENS.scanner);
    expect(scope.resolve<Scanner>(TOKENS.scanner)).toBe(scanner);
    expect(typeof scanner.scan).toBe("function");
    expect(scope.resolve<ScanStore>(TOKENS.scanStore)).toBe(scanStore);
    const other = composeScanCommand({ scanner: {}, scanStore }).resolve<Scanner>(TOKENS.scanner);
    expect(other).not.toBe(scanner);
    await scanner.close();
    await other.close();
  });
});
