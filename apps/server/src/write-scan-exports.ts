import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SCAN_EXPORT_FILE_NAMES, SCAN_EXPORT_FORMATS, toScanExport, type Criticality, type ScanExportSources } from "@public-scan/core";
import { renderReportPage } from "@public-scan/http-h3";
import { printReportPdf } from "./print-report-pdf.js";

/** The file formats the scan command writes with `--output`: the service's exports, and a PDF it prints. */
export const EXPORT_FORMATS = [...SCAN_EXPORT_FORMATS, "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file each format is written to, in `--output-path`: the service's names, so a CI step can upload them. */
export const EXPORT_FILE_NAMES: { readonly [Format in ExportFormat]: string } = { ...SCAN_EXPORT_FILE_NAMES, pdf: "public-scan.pdf" };

export interface ScanExportFiles {
  readonly formats: readonly ExportFormat[];
  readonly directory: string;
  readonly toolVersion: string;
  /** The gate's threshold, so JUnit fails the same findings as the exit code. */
  readonly failOn: Criticality | null;
  readonly minScore: number | null;
}

/** The report page as one document: it opens from the file with nothing to fetch. */
const renderHtml = (view: ScanExportSources["view"]) => renderReportPage(view).html;

/**
 * Writes the scan in each format asked for and returns the paths written. Each file is written beside its
 * final name and renamed into place, so a reader never sees half a file. The text formats are the REST
 * export route's (`toScanExport`), so a file from CI and one downloaded from a deployment are the same.
 */
export async function writeScanExports(input: ScanExportSources, files: ScanExportFiles): Promise<string[]> {
  await mkdir(files.directory, { recursive: true });
  const written: string[] = [];
  for (const format of files.formats) {
    const path = join(files.directory, EXPORT_FILE_NAMES[format]);
    const content =
      format === "pdf" ? await printReportPdf(renderHtml(input.view)) : toScanExport(format, input, { ...files, renderHtml }).content;
    await writeFile(`${path}.partial`, content);
    await rename(`${path}.partial`, path);
    written.push(path);
  }
  return written;
}
