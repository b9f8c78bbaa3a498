import {
  SCAN_EXPORT_FILE_NAMES,
  SCAN_EXPORT_MEDIA_TYPES,
  type ComparableScan,
  type Criticality,
  type Scan,
  type ScanExportDocument,
  type ScanExportFormat,
} from "../contract/index.js";
import type { ReportView } from "../render/to-report-view.js";
import type { ScanExportInput } from "./scan-export-input.js";
import { toJunitXml } from "./to-junit-xml.js";
import { toMarkdownSummary } from "./to-markdown-summary.js";
import { toPhaseRowsCsv } from "./to-phase-rows-csv.js";
import { toPreConsentCsv } from "./to-pre-consent-csv.js";
import { toSarifLog } from "./to-sarif-log.js";

/**
 * What the files are made of: the contract resources, the report page's view for HTML, and for JSON what a
 * later comparison reads (absent where a file is made from REST resources alone, as a client can).
 */
export type ScanExportSources = ScanExportInput & { readonly scan: Scan; readonly view: ReportView; readonly comparable?: ComparableScan };

export interface ScanExportOptions {
  /** The version of the tool that wrote the file (SARIF's `tool.driver.version`). */
  readonly toolVersion: string;
  /** JUnit: findings at this criticality or above fail; null: none fails. */
  readonly failOn: Criticality | null;
  /** JUnit: a score below this fails the `score` case. */
  readonly minScore: number | null;
  /**
   * The report page as one standalone document. It lives with the HTTP host's page (core renders no HTML),
   * so a caller that cannot render it gets no HTML export.
   */
  readonly renderHtml?: ((view: ReportView) => string) | undefined;
}

/**
 * One scan in one file format: the same text from the scan command's `--output` and from the REST export
 * route, so a file downloaded from a deployment and one written in CI compare equal.
 */
export function toScanExport(format: ScanExportFormat, sources: ScanExportSources, options: ScanExportOptions): ScanExportDocument {
  return {
    type: "service_scan_export",
    format,
    // Text formats say their charset: a CSV or Markdown file opened from a download is read as UTF-8.
    mediaType:
      format === "json" || format === "sarif" ? SCAN_EXPORT_MEDIA_TYPES[format] : `${SCAN_EXPORT_MEDIA_TYPES[format]}; charset=utf-8`,
    fileName: SCAN_EXPORT_FILE_NAMES[format],
    content: render(format, sources, options),
  };
}

function render(format: ScanExportFormat, sources: ScanExportSources, options: ScanExportOptions): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(
        {
          scan: sources.scan,
          findings: sources.findings,
          preConsentCookiesTrackers: sources.table,
          ...(sources.comparable === undefined ? {} : { comparable: sources.comparable }),
        },
        null,
        2,
      )}\n`;
    case "sarif":
      return `${JSON.stringify(toSarifLog(sources, { toolVersion: options.toolVersion }), null, 2)}\n`;
    case "junit":
      return toJunitXml(sources, { failOn: options.failOn, ...(options.minScore === null ? {} : { minScore: options.minScore }) });
    case "csv":
      return toPreConsentCsv(sources.table);
    case "phases-csv":
      return toPhaseRowsCsv(sources.view.phaseRows);
    case "md":
      return toMarkdownSummary(sources);
    case "html":
      if (options.renderHtml === undefined) throw new TypeError("The HTML export needs the report page's renderer.");
      return options.renderHtml(sources.view);
  }
}
