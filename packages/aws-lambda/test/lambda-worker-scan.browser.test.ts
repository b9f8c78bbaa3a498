import { createLocalService, createMemoryScanStore, createScan, createService } from "@public-scan/core";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { describe, expect, inject, it } from "vitest";
import { createLambdaWorkerHandler } from "../src/index.js";
import { contextWithRemaining, sqsEvent, sqsRecord } from "./support/sqs-events.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

const noQueue = () => ({
  enqueue: () => Promise.resolve(),
  drain: () => Promise.resolve(),
  close: () => Promise.resolve(),
  depth: () => Promise.resolve({ waiting: 0, running: 0 }),
});

describe("the Lambda scan worker on this machine's Chromium", () => {
  it("runs a real scan of a fixture-web site from an SQS event payload, and stores the scored report", async () => {
    const web = inject("fixtureWeb");
    const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
    const scans = createMemoryScanStore();
    // The API function's composition: no scanner, jobs to a queue whose worker is the function below.
    const api = createService({
      scans,
      queue: noQueue,
      config: { baseUrl: "https://scan.example.org" },
    });
    const created = await createScan(api.deps, { body: { url: site.url }, caller: { kind: "anonymous", ip: "203.0.113.8" } });
    const scanner = createPuppeteerScanner({
      browserWSEndpoint: inject("browserWSEndpoint"),
      // The shared test browser runs with the scanner's own flags and sandbox.
      remoteBrowserTrusted: true,
      ...fixtureWebReach(web),
      observeMs: 300,
      phases: "quick",
    });
    const worker = await createLocalService({
      scanner,
      scans,
      recovery: "none",
      queue: noQueue,
      config: { baseUrl: "https://scan.example.org" },
    });
    const handler = createLambdaWorkerHandler({ createWorker: () => worker.deps });
    try {
      // The body the SQS job queue sends for a scan, as Lambda's event source mapping delivers it.
      const result = await handler(sqsEvent(sqsRecord(JSON.stringify({ scanId: created.body.scanId }))), contextWithRemaining(120_000));
      expect(result).toEqual({ batchItemFailures: [] });
      const stored = await scans.get(created.body.scanId);
      expect(stored).toMatchObject({ status: "completed", attempts: 1 });
      expect(stored?.report?.findings.length).toBeGreaterThan(0);
    } finally {
      await worker.close();
      await api.close();
      await scanner.close();
    }
  });
});
