import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toPhaseRowsCsv } from "../../src/exports/index.js";
import type { PhaseRow } from "../../src/projection/to-phase-rows.js";
import { HOSTILE_NAMES } from "./support/export-input.js";

const row = (name: string | null, extra: Partial<PhaseRow> = {}): PhaseRow => ({
  kind: "cookie",
  name,
  vendor: "Google",
  host: "doubleclick.net",
  purpose: "marketing",
  party: "third_party",
  lifetimeSeconds: 7_776_000,
  requestCount: null,
  newInPhase: true,
  ...extra,
});

describe("the per-phase CSV export", () => {
  it("has one record per row of each later phase, in visit order, with its phase, lifetime and whether it is new", () => {
    const csv = toPhaseRowsCsv({
      gpc: [row("_gpc_only")],
      after_accept: [
        row("_gcl_au"),
        row(null, { kind: "tracker", host: "www.google-analytics.com", lifetimeSeconds: null, requestCount: 4, newInPhase: false }),
      ],
    });
    const records = parse<Record<string, string>>(csv, { columns: true });
    expect(records).toEqual([
      expect.objectContaining({
        phase: "after_accept",
        kind: "cookie",
        name: "_gcl_au",
        lifetimeSeconds: "7776000",
        requestCount: "",
        newInPhase: "true",
      }),
      expect.objectContaining({
        phase: "after_accept",
        kind: "tracker",
        name: "",
        host: "www.google-analytics.com",
        lifetimeSeconds: "",
        requestCount: "4",
        newInPhase: "false",
      }),
      expect.objectContaining({ phase: "gpc", name: "_gpc_only" }),
    ]);
    // A report without later phases is the header alone.
    expect(toPhaseRowsCsv(undefined)).toBe("phase,kind,name,vendor,host,purpose,party,lifetimeSeconds,requestCount,newInPhase\r\n");
  });

  it("keeps hostile names in their cell and never lets a spreadsheet run one as a formula", () => {
    const records = parse<Record<string, string>>(toPhaseRowsCsv({ after_reject: HOSTILE_NAMES.map((name) => row(name)) }), {
      columns: true,
    });
    expect(records.map((record) => record.name)).toEqual(HOSTILE_NAMES.map((name) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)));
  });
});
