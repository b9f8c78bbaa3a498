import { describe, expect, it } from "vitest";
import { TIMED_OUT, withTimeout } from "../../src/timing/with-timeout.js";

describe("withTimeout", () => {
  it("settles with the promise's value when it comes in time", async () => {
    await expect(withTimeout(Promise.resolve("value"), { ms: 1000 })).resolves.toBe("value");
  });

  it("settles to TIMED_OUT when the time runs out first", async () => {
    const started = Date.now();
    await expect(withTimeout(new Promise(() => undefined), { ms: 20 })).resolves.toBe(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("settles to TIMED_OUT when the signal aborts, or was aborted already", async () => {
    const controller = new AbortController();
    const waiting = withTimeout(new Promise(() => undefined), { ms: 60_000, signal: controller.signal });
    controller.abort();
    await expect(waiting).resolves.toBe(TIMED_OUT);
    await expect(withTimeout(Promise.resolve("late"), { ms: 1000, signal: controller.signal })).resolves.toBe(TIMED_OUT);
  });

  it("rejects as the promise does, and ignores a rejection after the timeout", async () => {
    await expect(withTimeout(Promise.reject(new Error("broke")), { ms: 1000 })).rejects.toThrow("broke");
    const late = new Promise((_resolve, reject) => setTimeout(() => reject(new Error("too late")), 30));
    await expect(withTimeout(late, { ms: 5 })).resolves.toBe(TIMED_OUT);
    // An unhandled rejection would fail the run; give the late one time to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
