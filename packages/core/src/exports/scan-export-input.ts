import type { FindingsExport } from "../contract/findings-export.js";
import type { PreConsentTable } from "../contract/pre-consent-table.js";

/**
 * What every file export of a scan is made of: the findings export (the scan's overview, every finding in
 * full, the scan-wide caveats, links) and the complete pre-consent table. Both are contract resources, so an
 * export can be made wherever they are read: in the service, or by a client from the REST API.
 */
export interface ScanExportInput {
  readonly findings: FindingsExport;
  readonly table: PreConsentTable;
}

/** One finding of a findings export. */
export type ExportedFinding = FindingsExport["findings"][number];
