import { describe, expect, it } from "vitest";
import { resolveScanPhases, SCAN_PHASE_PRESETS } from "../../src/phases/scan-phases.js";
import { withBudget } from "../../src/phases/with-budget.js";

describe("resolveScanPhases", () => {
  it("runs no later phase unless asked, and reads presets and single switches", () => {
    expect(resolveScanPhases(undefined)).toEqual({ reject: false, accept: false, gpc: false, nextPage: false });
    expect(resolveScanPhases("quick")).toEqual({ reject: true, accept: false, gpc: false, nextPage: false });
    expect(resolveScanPhases("full")).toEqual({ reject: true, accept: true, gpc: true, nextPage: true });
    expect(resolveScanPhases({ gpc: true })).toEqual({ reject: false, accept: false, gpc: true, nextPage: false });
    expect(resolveScanPhases({ reject: true, nextPage: true })).toEqual({ reject: true, accept: false, gpc: false, nextPage: true });
    expect(Object.keys(SCAN_PHASE_PRESETS)).toEqual(["pre_consent_only", "quick", "full"]);
  });
});

describe("withBudget", () => {
  it("returns the phase's value, or a status when it throws, overruns or has no time", async () => {
    expect(await withBudget({ budgetMs: 1000, run: () => Promise.resolve(7) })).toEqual({ status: "done", value: 7 });
    expect(await withBudget({ budgetMs: 1000, run: () => Promise.reject(new Error("broken")) })).toEqual({ status: "failed" });
    expect(await withBudget({ budgetMs: 500, run: () => new Promise(() => undefined) })).toEqual({ status: "no_time" });
    let aborted = false;
    const outcome = await withBudget({
      budgetMs: 1050,
      run: (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("closed"));
          });
        }),
    });
    expect(outcome).toEqual({ status: "timed_out" });
    expect(aborted).toBe(true);
  });

  it("lets the scan's own abort through", async () => {
    const scan = new AbortController();
    const running = withBudget({
      budgetMs: 5000,
      signal: scan.signal,
      run: (signal) => new Promise((_r, reject) => signal.addEventListener("abort", () => reject(new Error("closed")))),
    });
    scan.abort(new Error("cancelled"));
    await expect(running).rejects.toThrow("cancelled");
  });
});
