/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). Names come from the scanned
 * page, so a cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) is prefixed with `'`, as OWASP advises against CSV injection.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as a CSV document: a header line, CRLF line ends, a final CRLF. */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: Iterable<Readonly<Record<Column, string | number | boolean | null>>>,
): string {
  const lines = [columns.join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvField(row[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
