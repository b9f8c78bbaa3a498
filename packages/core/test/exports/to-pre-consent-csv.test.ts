import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toPreConsentCsv } from "../../src/exports/index.js";
import { exportInputOf, HOSTILE_NAMES, withHostileRows } from "./support/export-input.js";

describe("the pre-consent CSV export", () => {
  it("has a header and one record per row, read back to the same values by a CSV parser", () => {
    const { table } = exportInputOf("daily-courier");
    expect(table.rows.length).toBeGreaterThan(0);
    const records = parse<Record<string, string>>(toPreConsentCsv(table), { columns: true });
    expect(records).toHaveLength(table.rows.length);
    for (const [index, row] of table.rows.entries())
      expect(records[index]).toMatchObject({
        kind: row.kind,
        vendor: row.vendor,
        host: row.host,
        name: row.name ?? "",
        requestCount: row.requestCount === null ? "" : String(row.requestCount),
      });
  });

  it("keeps hostile names in their cell and never lets a spreadsheet run one as a formula", () => {
    const { table } = withHostileRows(exportInputOf("quiet-bakery"));
    const records = parse<Record<string, string>>(toPreConsentCsv(table), { columns: true });
    const names = records.slice(-HOSTILE_NAMES.length).map((record) => record.name!);
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      const formula = /^[=+\-@\t\r]/.test(name);
      expect(names[index]).toBe(formula ? `'${name}` : name);
    }
    expect(names.every((name) => !/^[=+\-@]/.test(name))).toBe(true);
  });
});
