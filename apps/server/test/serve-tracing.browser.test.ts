import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { startOtlpCollectorStub } from "./support/otlp-collector-stub.js";
import { startServeProcess } from "./support/serve-process.js";
import { TERMINAL_STATUSES, waitForScan } from "./support/wait-for-scan.js";

const CANARY = "trace-scan-canary-3a7f0b";

/**
 * A real scan of the fixture web by `pnpm serve` with PUBLIC_SCAN_TRACING=otlp: the `scan` span and its phase
 * children reach the (stub) collector, joined by parent id, and no span holds the scanned URL or its host.
 */
describe("pnpm serve: a traced scan", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("sends a scan span with a child span per phase to the collector", { timeout: 90_000 }, async () => {
    const site = inject("fixtureWeb").sites.find((candidate) => candidate.id === "daily-courier")!;
    const collector = await startOtlpCollectorStub();
    cleanups.push(() => collector.close());
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-traced-scan-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServeProcess({
      args: [],
      env: { ...fixtureServeEnv(dataDir), PUBLIC_SCAN_TRACING: "otlp", OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    });
    cleanups.push(() => server.stop());

    const created = await fetch(`${server.url}/api/v2/scans`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `session=${CANARY}` },
      body: JSON.stringify({ url: `${site.url}?utm_source=${CANARY}` }),
    });
    expect(created.status).toBe(202);
    const { scanId } = (await created.json()) as { scanId: string };
    const { status } = await waitForScan(server.url!, scanId);
    expect(TERMINAL_STATUSES).toContain(status);
    expect(await server.stop()).toBe(0);

    const spans = collector.spans();
    const scan = spans.find((span) => span.name === "scan");
    expect(scan?.attributes).toMatchObject({
      "public_scan.scan.id": scanId,
      "public_scan.scan.attempt": 1,
      "public_scan.scan.outcome": status,
    });
    const phases = spans.filter((span) => span.name.startsWith("scan phase "));
    expect(phases.map((span) => span.name)).toEqual(
      expect.arrayContaining(["scan phase launching_browser", "scan phase runtime_observation"]),
    );
    for (const phase of phases) expect(phase.parentSpanId).toBe(scan!.spanId);
    expect(spans.map((span) => span.name)).toEqual(expect.arrayContaining(["POST /api/v2/scans", "GET /api/v2/scans/{scanId}/status"]));
    const bodies = collector.received.map((entry) => entry.body).join("\n");
    for (const value of [CANARY, site.url, new URL(site.url).hostname]) expect(bodies).not.toContain(value);
  });
});
