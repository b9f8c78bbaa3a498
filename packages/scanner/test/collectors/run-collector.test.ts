import { describe, expect, it } from "vitest";
import type { Collector, CollectorContext } from "../../src/collectors/collector.js";
import { attachCollectors } from "../../src/collectors/attach-collectors.js";
import { runCollector, runCollectors, toReasonCode } from "../../src/collectors/run-collector.js";
import type { AttachedTarget } from "../../src/visit/attach-targets.js";

const context = { phase: "pre_consent" } as CollectorContext;
const collector = (collect: () => Promise<string[]>, budgetMs = 200, id = "probe"): Collector<string[]> => ({
  id,
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

describe("runCollectors", () => {
  it("runs every registered collector in order, and one that breaks fails alone", async () => {
    const outcomes = await runCollectors(
      {
        first: collector(() => Promise.resolve(["a"]), 200, "first"),
        broken: collector(() => Promise.reject(new Error("boom")), 200, "broken"),
        slow: collector(() => new Promise(() => undefined), 50, "slow"),
        last: collector(() => Promise.resolve(["b", "c"]), 200, "last"),
      },
      { context },
    );
    expect(Object.values(outcomes).map(({ report }) => [report.id, report.status, report.itemCount])).toEqual([
      ["first", "ok", 1],
      ["broken", "failed", 0],
      ["slow", "timed_out", 0],
      ["last", "ok", 2],
    ]);
    expect(outcomes.last.result).toEqual(["b", "c"]);
  });

  it("reports a collector that could not attach to some target as failed, keeping what it collected", async () => {
    const outcomes = await runCollectors(
      { partial: collector(() => Promise.resolve(["a"]), 200, "partial") },
      {
        context,
        setupFailures: new Set(["partial"]),
      },
    );
    expect(outcomes.partial.report).toMatchObject({ status: "failed", reason: "target_setup_failed", itemCount: 1 });
    expect(outcomes.partial.result).toEqual(["a"]);
  });
});

describe("attachCollectors", () => {
  it("attaches every collector to a target; one that throws is named and the others still attach", async () => {
    const attached: string[] = [];
    const failed: string[] = [];
    const attaching = (id: string, attach: () => Promise<void>): Collector<string[]> => ({
      ...collector(() => Promise.resolve([]), 200, id),
      attach,
    });
    const onTarget = attachCollectors(
      [
        attaching("throws", () => Promise.reject(new Error("no session"))),
        attaching("listens", () => Promise.resolve(void attached.push("listens"))),
        collector(() => Promise.resolve([]), 200, "without-attach"),
      ],
      { onFailure: (id) => failed.push(id) },
    );
    await onTarget({ kind: "page" } as AttachedTarget);
    expect(failed).toEqual(["throws"]);
    expect(attached).toEqual(["listens"]);
  });
});
