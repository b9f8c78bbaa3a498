import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  toJunitXml,
  toMarkdownSummary,
  toPreConsentCsv,
  toSarifLog,
  type Criticality,
  type ReportView,
  type Scan,
  type ScanExportInput,
} from "@public-scan/core";
import { renderReportPage } from "@public-scan/http-h3";
import { printReportPdf } from "./print-report-pdf.js";

/** The file formats the scan command writes with `--output`. */
export const EXPORT_FORMATS = ["json", "sarif", "junit", "csv", "md", "html", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file each format is written to, in `--output-path`: fixed names, so a CI step can upload them. */
export const EXPORT_FILE_NAMES: { readonly [Format in ExportFormat]: string } = {
  json: "public-scan.json",
  sarif: "public-scan.sarif",
  junit: "public-scan.junit.xml",
  csv: "public-scan-pre-consent.csv",
  md: "public-scan.md",
  html: "public-scan.html",
  pdf: "public-scan.pdf",
};

/** What the files are made of: the contract resources, and the report page's view for HTML and PDF. */
export type ScanExportSources = ScanExportInput & { scan: Scan; view: ReportView };

export interface ScanExportFiles {
  readonly formats: readonly ExportFormat[];
  readonly directory: string;
  readonly toolVersion: string;
  /** The gate's threshold, so JUnit fails the same findings as the exit code. */
  readonly failOn: Criticality | null;
  readonly minScore: number | null;
}

/**
 * Writes the scan in each format asked for and returns the paths written. Each file is written beside its
 * final name and renamed into place, so a reader never sees half a file.
 */
export async function writeScanExports(input: ScanExportSources, files: ScanExportFiles): Promise<string[]> {
  await mkdir(files.directory, { recursive: true });
  const written: string[] = [];
  for (const format of files.formats) {
    const path = join(files.directory, EXPORT_FILE_NAMES[format]);
    await writeFile(`${path}.partial`, await render(format, input, files));
    await rename(`${path}.partial`, path);
    written.push(path);
  }
  return written;
}

async function render(format: ExportFormat, input: ScanExportSources, files: ScanExportFiles): Promise<string | Uint8Array> {
  switch (format) {
    case "json":
      return `${JSON.stringify({ scan: input.scan, findings: input.findings, preConsentCookiesTrackers: input.table }, null, 2)}\n`;
    case "sarif":
      return `${JSON.stringify(toSarifLog(input, { toolVersion: files.toolVersion }), null, 2)}\n`;
    case "junit":
      return toJunitXml(input, { failOn: files.failOn, ...(files.minScore === null ? {} : { minScore: files.minScore }) });
    case "csv":
      return toPreConsentCsv(input.table);
    case "md":
      return toMarkdownSummary(input);
    case "html":
      // The report page is one self-contained document: it opens from the file with nothing to fetch.
      return renderReportPage(input.view).html;
    case "pdf":
      return printReportPdf(renderReportPage(input.view).html);
  }
}
