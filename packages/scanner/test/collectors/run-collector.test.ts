import { describe, expect, it } from "vitest";
import type { Collector, CollectorContext } from "../../src/collectors/collector.js";
import { runCollector, toReasonCode } from "../../src/collectors/run-collector.js";

const context = { phase: "pre_consent" } as CollectorContext;
const collector = (collect: () => Promise<string[]>, budgetMs = 200): Collector<string[]> => ({
  id: "probe",
  budgetMs,
  collect,
  count: (result) => result.length,
});

describe("runCollector", () => {
  it("reports ok with the item count", async () => {
    const outcome = await runCollector(
      collector(() => Promise.resolve(["a", "b"])),
      context,
    );
    expect(outcome.result).toEqual(["a", "b"]);
    expect(outcome.report).toMatchObject({ id: "probe", phase: "pre_consent", status: "ok", itemCount: 2, reason: null });
  });

  it("turns a throw into a failed report with a reason code, never the message", async () => {
    const outcome = await runCollector(
      collector(() => Promise.reject(new Error("boom at https://example.com/?secret=1"))),
      context,
    );
    expect(outcome.result).toBeNull();
    expect(outcome.report).toMatchObject({ status: "failed", itemCount: 0, reason: "collector_error" });
    expect(JSON.stringify(outcome.report)).not.toContain("secret");
  });

  it("stops waiting at the budget and reports timed_out", async () => {
    const started = Date.now();
    const outcome = await runCollector(
      collector(() => new Promise(() => undefined), 50),
      context,
    );
    expect(outcome.report).toMatchObject({ status: "timed_out", reason: "collector_timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ["Protocol error: Target closed", "target_closed"],
    ["Execution context was destroyed, most likely because of a navigation", "context_destroyed"],
    ["Runtime.evaluate timed out", "collector_timeout"],
    ["anything else", "collector_error"],
  ])("maps %j to %s", (message, code) => {
    expect(toReasonCode(new Error(message))).toBe(code);
  });
});
