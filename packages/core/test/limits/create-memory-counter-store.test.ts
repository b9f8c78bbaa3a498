import { describe, expect, it } from "vitest";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";

// The memory store runs the full conformance suite in packages/storage/test; these are its own details.
const window = { kind: "rolling", ms: 1000 } as const;

describe("memory CounterStore", () => {
  it("says it is not shared across processes", () => {
    expect(createMemoryCounterStore().capabilities).toEqual({ sharedAcrossProcesses: false });
  });

  it("keeps its log ordered when the clock steps back, so waits stay exact", async () => {
    const store = createMemoryCounterStore();
    const consume = (now: number, units = 1) => store.consume({ checks: [{ key: "k", limit: 3, window, units }], now });
    await consume(5000);
    await consume(4000); // an earlier clock: this unit expires first (at 5000)
    await consume(4500);
    expect(await consume(4600)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 400 });
    expect(await consume(5000)).toEqual({ allowed: true, usage: [3] });
  });

  it("rejects (does not throw synchronously) on malformed input", async () => {
    const store = createMemoryCounterStore();
    const pending = store.consume({ checks: [], now: 0 });
    await expect(pending).rejects.toThrow(RangeError);
  });
});
