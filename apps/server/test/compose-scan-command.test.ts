import "reflect-metadata";
import { createMemoryScanStore, PORTS, type Scanner } from "@public-scan/core";
import { container } from "tsyringe";
import { describe, expect, it } from "vitest";
import { composeScanCommand } from "../src/compose-scan-command.js";

describe("the scan command's composition", () => {
  it("builds one scanner per run from its options, and serves the store it was given", async () => {
    const scanStore = createMemoryScanStore();
    const first = composeScanCommand({ scanner: { observeMs: 100 }, scanStore });
    expect(typeof first.scanner.scan).toBe("function");
    expect(first.scans).toBe(scanStore);
    const other = composeScanCommand({ scanner: {}, scanStore });
    expect(other.scanner).not.toBe(first.scanner);
    await first.scanner.close();
    await other.scanner.close();
  });

  it("uses the scanner an embedder registered instead of building one", () => {
    const theirs: Scanner = { scan: () => Promise.reject(new Error("not run here")), close: () => Promise.resolve() };
    const embedder = container.createChildContainer();
    embedder.register(PORTS.scanner, { useValue: theirs });
    expect(composeScanCommand({ scanner: {}, scanStore: createMemoryScanStore(), container: embedder }).scanner).toBe(theirs);
  });
});
