import { describe, expect, it } from "vitest";
import { toPhaseRows } from "../../src/projection/to-phase-rows.js";
import { ALL_RUN, record, run } from "./support/evidence-records.js";

const google = { vendor: "Google", purpose: "marketing" as const };

describe("the per-phase tables", () => {
  const rows = toPhaseRows(
    [
      record({ kind: "cookie", phase: "pre_consent", name: "IDE", host: "doubleclick.net", lifetimeSeconds: 3600, ...google }),
      record({ kind: "cookie", phase: "after_accept", name: "IDE", host: "doubleclick.net", lifetimeSeconds: 34_000_000, ...google }),
      record({
        kind: "cookie",
        phase: "after_accept",
        name: "_fbp",
        host: "shop.example",
        vendor: "Meta",
        purpose: "marketing",
        party: "first_party",
      }),
      record({
        kind: "tracker_request",
        phase: "after_reject",
        host: "www.google-analytics.com",
        requestCount: 2,
        vendor: "Google",
        purpose: "analytics",
      }),
      record({ kind: "storage_key", phase: "gpc", name: "_hjSessionUser", host: "shop.example", vendor: "Hotjar", purpose: "analytics" }),
      // Not table rows: a signal, and a cookie whose purpose is unknown to the scanner.
      record({ kind: "consent_signal", phase: "after_accept", name: "tcf", purpose: null }),
    ],
    ALL_RUN,
  );

  it("lists each completed phase's rows with what the phase added first, and the cookie's lifetime", () => {
    // Before consent is the pre-consent table's, not stored twice.
    expect(Object.keys(rows)).toEqual(["after_reject", "after_accept", "gpc"]);
    expect(rows.after_accept?.map((row) => [row.name, row.newInPhase, row.lifetimeSeconds])).toEqual([
      ["_fbp", true, null],
      ["IDE", false, 34_000_000],
    ]);
    expect(rows.after_reject).toEqual([
      expect.objectContaining({
        kind: "tracker",
        name: null,
        host: "www.google-analytics.com",
        requestCount: 2,
        lifetimeSeconds: null,
        newInPhase: true,
      }),
    ]);
    expect(rows.gpc).toEqual([expect.objectContaining({ kind: "storage", name: "_hjSessionUser", vendor: "Hotjar", newInPhase: true })]);
  });

  it("has no table for a phase the scan did not complete: not run is not empty", () => {
    const partial = toPhaseRows(
      [record({ kind: "cookie", phase: "pre_consent", name: "a", purpose: "analytics" })],
      [run("pre_consent", "completed"), run("after_reject", "failed")],
    );
    expect(Object.keys(partial)).toEqual([]);
    // Reports of scans before phases existed ran the pre-consent visit only.
    expect(Object.keys(toPhaseRows([], undefined))).toEqual([]);
  });
});
