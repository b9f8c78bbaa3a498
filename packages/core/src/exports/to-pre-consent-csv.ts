import type { PreConsentTable } from "../contract/pre-consent-table.js";
import { toCsv } from "./csv-field.js";

const COLUMNS = ["kind", "name", "vendor", "host", "purpose", "party", "priority", "requestCount", "phase"] as const;

/** The pre-consent table as CSV, its cells neutralised against spreadsheet formulas (`csvField`). */
export function toPreConsentCsv(table: PreConsentTable): string {
  return toCsv(COLUMNS, table.rows);
}
