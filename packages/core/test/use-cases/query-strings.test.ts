import { afterEach, describe, expect, it } from "vitest";
import { createLocalService, type LocalServiceOptions } from "../../src/compose/create-local-service.js";
import { ScanJobSchema, ScanSchema, ScanUrlSchema } from "../../src/contract/index.js";
import type { ScanRecord } from "../../src/domain/scan-record.js";
import type { Scanner } from "../../src/ports/scanner.js";
import type { ScanStore } from "../../src/ports/scan-store.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScan, getScanStatus } from "../../src/use-cases/get-scan.js";
import { getBundle, getDiagnostics, getPreConsentTable, getPulse, getReport, listFindings } from "../../src/use-cases/scan-results.js";
import { targetKeyOf } from "../../src/use-cases/normalize-target.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { completedRecord, recordedObservations } from "../fixtures/completed-record.js";

const caller: Caller = { kind: "key", keyId: "key_query_tests" };
const SECRET = "tok_CANARY_5f2e9a";

/** A memory store that also keeps every record and index key written to it, as a durable store would hold them. */
function recordingStore(): { store: ScanStore; written: () => string } {
  const inner = createMemoryScanStore();
  const writes: unknown[] = [];
  return {
    store: {
      ...inner,
      create: (record, index) => (writes.push(record, index), inner.create(record, index)),
      update: (record, options) => (writes.push(record, options), inner.update(record, options)),
    },
    written: () => JSON.stringify(writes),
  };
}

/** A scanner that answers with a recorded page, or waits for `release` when `held`, and says which URLs it visited. */
function scannerOf(options: { held?: Promise<void> } = {}) {
  const visited: string[] = [];
  const scanner: Scanner = {
    scan: async ({ url }) => {
      visited.push(url);
      await options.held;
      return recordedObservations("daily-courier");
    },
    close: () => Promise.resolve(),
  };
  return { scanner, visited };
}

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function serviceOf(options: Omit<LocalServiceOptions, "config">) {
  const local = await createLocalService({ ...options, config: { baseUrl: "https://scan.example.org" } });
  closers.push(() => local.close());
  return local.deps;
}

describe("a URL with a query string", () => {
  it("is scanned as given (without the fragment, which no server sees), and stored and shown without query or fragment", async () => {
    const { store, written } = recordingStore();
    const { scanner, visited } = scannerOf();
    const deps = await serviceOf({ scanner, scans: store });
    const created = await createScan(deps, { body: { url: `https://www.daily-courier.test/news?p=2&token=${SECRET}#section-2` }, caller });
    const job = ScanJobSchema.parse(created.body);
    expect(job.url).toBe("https://www.daily-courier.test/news");
    await deps.queue.drain();

    expect(visited).toEqual([`https://www.daily-courier.test/news?p=2&token=${SECRET}`]);
    const input = { scanId: job.scanId, caller };
    const scan = ScanSchema.parse((await getScan(deps, input)).body);
    expect(scan).toMatchObject({ url: "https://www.daily-courier.test/news", status: "completed" });
    const shown = [
      job,
      scan,
      (await getScanStatus(deps, input)).body,
      (await listFindings(deps, input)).body,
      (await getPreConsentTable(deps, input)).body,
      (await getPulse(deps, input)).body,
      (await getBundle(deps, { ...input, detail: "full", maxBytes: 200_000 })).body,
      (await getDiagnostics(deps, input)).body,
      (await getReport(deps, input)).body,
    ];
    for (const body of shown) {
      expect(JSON.stringify(body)).not.toContain(SECRET);
      expect(JSON.stringify(body)).not.toContain("p=2");
      expect(JSON.stringify(body)).not.toContain("section-2");
    }
    // Not one write to the store holds the query in plain text: not the record, not the index key.
    expect(written()).not.toContain(SECRET);
    expect(written()).not.toContain("p=2");
  });

  it("is its own target: ?p=1 and ?p=2 are two scans, while the same URL again (whatever its fragment) is reused", async () => {
    const { scanner, visited } = scannerOf();
    const deps = await serviceOf({ scanner });
    const scanOf = async (url: string) => {
      const outcome = await createScan(deps, { body: { url }, caller });
      await deps.queue.drain();
      return outcome;
    };
    const first = await scanOf("https://www.daily-courier.test/list?p=1");
    const second = await scanOf("https://www.daily-courier.test/list?p=2");
    expect(second).toMatchObject({ status: 202, body: { executionMode: "new_scan" } });
    expect(second.body.scanId).not.toBe(first.body.scanId);
    expect(await scanOf("https://www.daily-courier.test/list?p=1#top")).toMatchObject({
      status: 200,
      body: { scanId: first.body.scanId, executionMode: "reused_scan" },
    });
    // The page without a query is a third target.
    expect(await scanOf("https://www.daily-courier.test/list")).toMatchObject({ status: 202, body: { executionMode: "new_scan" } });
    expect(visited).toEqual([
      "https://www.daily-courier.test/list?p=1",
      "https://www.daily-courier.test/list?p=2",
      "https://www.daily-courier.test/list",
    ]);
  });

  it("joins the scan in flight of the same full URL only", async () => {
    let release!: () => void;
    const { scanner } = scannerOf({ held: new Promise((resolve) => (release = resolve)) });
    const deps = await serviceOf({ scanner });
    const first = await createScan(deps, { body: { url: "https://www.daily-courier.test/?edition=uk" }, caller });
    const same = await createScan(deps, { body: { url: "https://www.daily-courier.test/?edition=uk" }, caller });
    const other = await createScan(deps, { body: { url: "https://www.daily-courier.test/?edition=us" }, caller });
    release();
    await deps.queue.drain();
    expect(same.body).toMatchObject({ scanId: first.body.scanId, executionMode: "joined_scan" });
    expect(other.body).toMatchObject({ executionMode: "new_scan" });
  });

  it("survives a restart while queued: the next process (same secret) scans the full URL, read back from a sealed copy", async () => {
    const { store, written } = recordingStore();
    const stopped = await createLocalService({
      scanner: scannerOf().scanner,
      scans: store,
      targetSecret: "deployment-secret",
      // A queue that takes jobs and never runs them: the process dies with the scan queued.
      queue: () => ({
        enqueue: () => Promise.resolve(),
        drain: () => Promise.resolve(),
        close: () => Promise.resolve(),
        depth: () => Promise.resolve({ waiting: 0, running: 0 }),
      }),
      config: { baseUrl: "https://scan.example.org" },
    });
    closers.push(() => stopped.close());
    const created = await createScan(stopped.deps, { body: { url: `https://www.daily-courier.test/?token=${SECRET}` }, caller });
    expect(await store.get(created.body.scanId)).toMatchObject({ status: "queued", url: "https://www.daily-courier.test/" });
    expect(written()).not.toContain(SECRET);

    const { scanner, visited } = scannerOf();
    const next = await serviceOf({ scanner, scans: store, targetSecret: "deployment-secret" });
    await next.queue.drain();
    expect(visited).toEqual([`https://www.daily-courier.test/?token=${SECRET}`]);
    const done = (await store.get(created.body.scanId)) as ScanRecord;
    expect(done).toMatchObject({ status: "completed", sealedUrl: null });
  });

  it("is never scanned without its query: a process that cannot read the sealed copy ends the scan failed instead", async () => {
    const scans = createMemoryScanStore();
    const stopped = await createLocalService({
      scanner: scannerOf().scanner,
      scans,
      queue: () => ({
        enqueue: () => Promise.resolve(),
        drain: () => Promise.resolve(),
        close: () => Promise.resolve(),
        depth: () => Promise.resolve({ waiting: 0, running: 0 }),
      }),
      config: { baseUrl: "https://scan.example.org" },
    });
    closers.push(() => stopped.close());
    const created = await createScan(stopped.deps, { body: { url: "https://www.daily-courier.test/?p=2" }, caller });
    // No secret in either process: each seals with a key of its own, which dies with it.
    const { scanner, visited } = scannerOf();
    const next = await serviceOf({ scanner, scans });
    await next.queue.drain();
    expect(visited).toEqual([]);
    expect(await scans.get(created.body.scanId)).toMatchObject({
      status: "failed",
      sealedUrl: null,
      error: { code: "internal_error", message: expect.stringContaining("Start a new scan") as string },
    });
  });

  it("leaves scans stored before queries were scanned as they were: a queued one (no urlHash) visits its stored URL", async () => {
    const scans = createMemoryScanStore();
    const {
      urlHash: _hash,
      sealedUrl: _sealed,
      ...earlier
    } = {
      ...completedRecord("daily-courier", { url: "https://www.daily-courier.test/earlier", scanFrom: "self_hosted" }),
      status: "queued" as const,
      phase: "queued" as const,
      report: null,
      completedAt: null,
      attempts: 0,
    };
    await scans.create(earlier, { targetKey: targetKeyOf(earlier) });
    const { scanner, visited } = scannerOf();
    const deps = await serviceOf({ scanner, scans });
    await deps.queue.drain();
    expect(visited).toEqual(["https://www.daily-courier.test/earlier"]);
    expect(await scans.get(earlier.scanId)).toMatchObject({ status: "completed" });
    // Its key is the one a new request for that URL computes, so it is reused.
    expect(await createScan(deps, { body: { url: "https://www.daily-courier.test/earlier" }, caller })).toMatchObject({ status: 200 });
  });

  it("takes hostile input as data: markup and SQL in the query, and a query as long as the URL may be", async () => {
    const { store, written } = recordingStore();
    const { scanner, visited } = scannerOf();
    const deps = await serviceOf({ scanner, scans: store });
    const hostile = `https://www.daily-courier.test/search?q=<script>alert(1)</script>&s=' OR 1=1;--&t=${SECRET}&pad=`;
    // Padded to exactly 2,048 characters once percent-encoded ("<", "'" and spaces grow), the most accepted.
    const longest = hostile + "a".repeat(2048 - new URL(hostile).href.length);
    const created = await createScan(deps, { body: { url: longest }, caller });
    expect(created.body.url).toBe("https://www.daily-courier.test/search");
    await deps.queue.drain();
    expect(visited).toHaveLength(1);
    expect(visited[0]).toHaveLength(2048);
    expect(ScanUrlSchema.safeParse(visited[0]).success).toBe(true);
    expect(new URL(visited[0]!).searchParams.get("q")).toBe("<script>alert(1)</script>");
    expect(new URL(visited[0]!).searchParams.get("s")).toBe("' OR 1=1;--");
    for (const part of [SECRET, "alert(1)", "%3Cscript", "1=1", "a".repeat(100)]) expect(written()).not.toContain(part);
  });

  it("is refused when it grows past the longest URL once percent-encoded, before quota, store or scanner", async () => {
    const { store, written } = recordingStore();
    const { scanner, visited } = scannerOf();
    const deps = await serviceOf({ scanner, scans: store });
    // 1,500 characters as sent, over 2,048 once each "<" becomes "%3C".
    const url = `https://www.daily-courier.test/?q=${"<".repeat(1500)}`;
    expect(url.length).toBeLessThanOrEqual(2048);
    await expect(createScan(deps, { body: { url }, caller })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("url:") as string,
    });
    await expect(
      createScan(deps, { body: { url: `https://www.daily-courier.test/?q=${"a".repeat(2048)}` }, caller }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    expect(written()).toBe("[]");
    expect(visited).toEqual([]);
  });
});
