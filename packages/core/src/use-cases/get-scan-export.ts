import {
  CONTRACT_VERSION,
  ExportFailOnSchema,
  ExportMinScoreSchema,
  SCAN_EXPORT_FORMATS,
  ScanExportFormatSchema,
  type ScanExportDocument,
} from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { toScanExport, type ScanExportOptions } from "../exports/to-scan-export.js";
import { toFindingsExport } from "../render/to-findings-export.js";
import { toPreConsentTable } from "../render/to-pre-consent-table.js";
import { toComparableScan } from "../projection/changes/to-scan-changes.js";
import { toReportView } from "../render/to-report-view.js";
import { toScanResource } from "../render/to-scan-resource.js";
import { weightOf } from "./check-read-limit.js";
import { getScanResult } from "./get-scan-result.js";
import type { Outcome } from "./outcome.js";
import { readProvenance } from "./render-context.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

export interface ScanExportRead {
  scanId: string;
  caller: Caller;
  /** The path's format, as sent. */
  format: string;
  /** JUnit's gates, as sent in the query (`failOn`, `minScore`). */
  failOn?: string | undefined;
  minScore?: string | undefined;
  /** The host's report page renderer, for the HTML export. */
  renderHtml?: ScanExportOptions["renderHtml"];
}

/**
 * GET /api/v2/scans/{scanId}/exports/{format}: the scan as a file (an export: 4 units). The format and the
 * JUnit gates are checked before the read is counted; while the scan runs the answer is its ScanJob (202).
 */
export async function getScanExport(deps: ServiceDeps, input: ScanExportRead): Promise<Outcome<ScanExportDocument>> {
  const format = ScanExportFormatSchema.safeParse(input.format);
  if (!format.success) throw new ServiceError("invalid_request", `format must be one of ${SCAN_EXPORT_FORMATS.join(", ")}`);
  const failOn = ExportFailOnSchema.optional().safeParse(input.failOn);
  if (!failOn.success) throw new ServiceError("invalid_request", "failOn must be high, medium, low or none");
  // A query value is text: only digits are a number here ("", "1e2" and " 50" are not).
  const minScore = ExportMinScoreSchema.optional().safeParse(
    input.minScore === undefined ? undefined : /^\d{1,3}$/.test(input.minScore) ? Number(input.minScore) : Number.NaN,
  );
  if (!minScore.success) throw new ServiceError("invalid_request", "minScore must be a whole number from 0 to 100");
  if (format.data === "html" && input.renderHtml === undefined)
    throw new ServiceError("invalid_request", "This host does not render the HTML export; ask for json, sarif, junit, csv or md.");
  // The JSON export carries the Scan resource, whose provenance reports the caller's allowance.
  const provenance = readProvenance(deps, await deps.quota.peek(input.caller));
  return getScanResult(deps, { ...input, weight: weightOf("getScanExport") }, (record, links) =>
    toScanExport(
      format.data,
      {
        scan: toScanResource(record, { links, provenance }),
        findings: toFindingsExport(record, links),
        table: toPreConsentTable(record, links),
        view: toReportView(record, links),
        comparable: toComparableScan(record.report),
      },
      {
        toolVersion: CONTRACT_VERSION,
        failOn: failOn.data === undefined ? "low" : failOn.data === "none" ? null : failOn.data,
        minScore: minScore.data ?? null,
        renderHtml: input.renderHtml,
      },
    ),
  );
}
