import "reflect-metadata";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryScanStore, PORTS, type ServiceObserver } from "@public-scan/core";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { container } from "tsyringe";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer } from "../src/serve/start-reference-server.js";
import { createScanAt } from "./support/cluster-env.js";
import { waitForScan } from "./support/wait-for-scan.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

/**
 * An embedder replaces ports of the reference server by registering them under `PORTS` before it is composed.
 * The server is configured with none of the fixture web's settings: only the registered scanner reaches it.
 */
describe("the reference server's ports, replaced by an embedder", () => {
  const web = inject("fixtureWeb");
  const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-ports-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const config = () =>
    parseServeConfig([], {
      PUBLIC_SCAN_PORT: "0",
      PUBLIC_SCAN_DATA_DIR: dataDir,
      PUBLIC_SCAN_ACCOUNTS: "off",
      PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "2000",
    });

  it("scans with the registered scanner, into the registered scan store, telling the registered observer", async () => {
    const scanner = createPuppeteerScanner({
      browserWSEndpoint: inject("browserWSEndpoint"),
      remoteBrowserTrusted: true,
      ...fixtureWebReach(web),
      observeMs: 300,
      phases: "quick",
      concurrency: 1,
    });
    const scans = createMemoryScanStore();
    const ended: string[] = [];
    const observer: ServiceObserver = { scanEnded: ({ outcome }) => ended.push(outcome) };
    const embedder = container.createChildContainer();
    embedder.register(PORTS.scanner, { useValue: scanner });
    embedder.register(PORTS.scanStore, { useValue: scans });
    embedder.register(PORTS.observer, { useValue: observer });
    const server = await startReferenceServer(config(), () => undefined, { container: embedder });
    try {
      const created = await createScanAt(server.url, site.url);
      expect(created.status).toBe(202);
      const { scanId } = (await created.json()) as { scanId: string };
      const status = await waitForScan(server.url, scanId);
      expect(status.status).toBe("completed");
      expect(await scans.get(scanId)).toMatchObject({ scanId, status: "completed" });
      expect(scanner.stats().launches).toBe(1);
      expect(ended).toEqual(["completed"]);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("refuses at start a scan store that cannot be purged, saying which port and why", async () => {
    // A scan store with only the ScanStore port (no ScanRetention), as an embedder's may be.
    const memory = createMemoryScanStore();
    const unpurgeable = Object.fromEntries(
      Object.entries(memory).filter(([name]) => name !== "purgeEndedBefore" && name !== "countEndedBefore"),
    );
    const embedder = container.createChildContainer();
    embedder.register(PORTS.scanStore, { useValue: unpurgeable });
    await expect(startReferenceServer(config(), () => undefined, { container: embedder })).rejects.toThrow(
      /PORTS\.scanStore must also implement ScanRetention/,
    );
  });
});
