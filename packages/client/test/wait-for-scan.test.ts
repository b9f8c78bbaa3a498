import { describe, expect, it, vi } from "vitest";
import { createClient, ScanFailedError, ServiceApiError, TimeoutError } from "../src/index.js";

const SCAN_ID = "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40";
const job = (status: string, retryAfterSeconds = 2) => ({
  type: "service_scan_job",
  scanId: SCAN_ID,
  status,
  retryAfterSeconds,
  phase: "runtime_observation",
});
const scan = { type: "service_scan", scanId: SCAN_ID, status: "completed" };
const limited = {
  type: "service_api_error",
  error: { code: "rate_limited", message: "slow down", retryable: true, retryAfterSeconds: 7, recommendedNextAction: "wait" },
};

/** A fetch that answers from a script, recording when each request came (fake time). */
function scripted(answers: Array<{ status: number; body: unknown; retryAfter?: number }>) {
  const calls: Array<{ url: string; at: number }> = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), at: Date.now() });
    const next = answers.shift();
    if (next === undefined) throw new Error("polled after the end of the script");
    const headers = new Headers({ "content-type": "application/json" });
    if (next.retryAfter !== undefined) headers.set("retry-after", String(next.retryAfter));
    return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status, headers }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

async function run<T>(promise: Promise<T>): Promise<T> {
  // Drives fake time until the wait settles.
  let settled = false;
  const result = promise.finally(() => (settled = true));
  while (!settled) await vi.advanceTimersByTimeAsync(250);
  return result;
}

describe("waitForScan and scanAndWait", () => {
  it("poll after each Retry-After (never sooner) and stop at the terminal Scan without polling it again", async () => {
    vi.useFakeTimers({ now: 0 });
    const { fetch, calls } = scripted([
      { status: 202, body: job("queued", 3), retryAfter: 3 },
      { status: 200, body: job("running", 5), retryAfter: 5 },
      { status: 200, body: job("finalizing", 2) },
      { status: 200, body: scan },
    ]);
    const progress: string[] = [];
    const result = await run(
      createClient({ baseUrl: "https://scan.example", fetch }).scanAndWait(
        { url: "https://a.example/" },
        { onProgress: (seen) => progress.push(seen.status) },
      ),
    );
    expect(result).toEqual(scan);
    expect(calls.map((call) => call.at)).toEqual([0, 3000, 8000, 10_000]);
    expect(calls[0]!.url).toBe("https://scan.example/api/v2/scans");
    expect(calls.slice(1).every((call) => call.url.endsWith(`/scans/${SCAN_ID}/status`))).toBe(true);
    expect(progress).toEqual(["queued", "running", "finalizing"]);
    vi.useRealTimers();
  });

  it("waits out one 429 and retrieves once more; a second 429 in a row is thrown", async () => {
    vi.useFakeTimers({ now: 0 });
    const once = scripted([
      { status: 429, body: limited, retryAfter: 7 },
      { status: 200, body: scan },
    ]);
    expect(await run(createClient({ baseUrl: "https://scan.example", fetch: once.fetch }).waitForScan(SCAN_ID))).toEqual(scan);
    expect(once.calls.map((call) => call.at)).toEqual([0, 7000]);

    const twice = scripted([
      { status: 429, body: limited, retryAfter: 7 },
      { status: 429, body: limited, retryAfter: 7 },
    ]);
    const error = await run(
      createClient({ baseUrl: "https://scan.example", fetch: twice.fetch })
        .waitForScan(SCAN_ID)
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(ServiceApiError);
    expect(twice.calls).toHaveLength(2);
    vi.useRealTimers();
  });

  it("ends with TimeoutError naming the scan when the next wait would pass the budget, and stops on abort", async () => {
    vi.useFakeTimers({ now: 0 });
    const { fetch, calls } = scripted([{ status: 200, body: job("running", 60) }]);
    const error = await run(
      createClient({ baseUrl: "https://scan.example", fetch })
        .waitForScan(SCAN_ID, { timeoutMs: 30_000 })
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).scanId).toBe(SCAN_ID);
    expect(calls).toHaveLength(1);

    const controller = new AbortController();
    const aborted = scripted([{ status: 200, body: job("running", 5) }]);
    const waiting = createClient({ baseUrl: "https://scan.example", fetch: aborted.fetch }).waitForScan(SCAN_ID, {
      signal: controller.signal,
    });
    const caught = waiting.catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error("cancelled"));
    expect(await caught).toMatchObject({ message: "cancelled" });
    expect(aborted.calls).toHaveLength(1);
    vi.useRealTimers();
  });

  it("rejects with ScanFailedError for a failed job, and never polls faster than once a second", async () => {
    vi.useFakeTimers({ now: 0 });
    const { fetch, calls } = scripted([
      { status: 200, body: job("running", 0) },
      { status: 200, body: { ...job("failed", 0), error: { code: "internal_error", message: "navigation failed" } } },
    ]);
    const error = await run(
      createClient({ baseUrl: "https://scan.example", fetch })
        .waitForScan(SCAN_ID)
        .catch((caught: unknown) => caught),
    );
    expect(error).toBeInstanceOf(ScanFailedError);
    expect(calls.map((call) => call.at)).toEqual([0, 1000]);
    vi.useRealTimers();
  });
});
