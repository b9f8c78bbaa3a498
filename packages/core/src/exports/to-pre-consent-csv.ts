import type { PreConsentTable } from "../contract/pre-consent-table.js";

const COLUMNS = ["kind", "name", "vendor", "host", "purpose", "party", "priority", "requestCount", "phase"] as const;

/**
 * The pre-consent table as CSV (RFC 4180: CRLF rows, fields quoted when they hold a comma, quote or line
 * break). Names come from the scanned page, so a cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`, as OWASP advises against CSV injection.
 */
export function toPreConsentCsv(table: PreConsentTable): string {
  const lines = [COLUMNS.join(",")];
  for (const row of table.rows) lines.push(COLUMNS.map((column) => csvField(row[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
