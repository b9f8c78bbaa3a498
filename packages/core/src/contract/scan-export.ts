import { z } from "zod";
import { CriticalitySchema } from "./finding.js";

/**
 * The file formats of a scan that the service renders (`GET /api/v2/scans/{scanId}/exports/{format}`), in
 * the order the docs list them. PDF is not among them: it needs a browser to print, so the scan command
 * writes it (`--output pdf`) and a reader prints the HTML export.
 */
export const SCAN_EXPORT_FORMATS = ["json", "sarif", "junit", "csv", "phases-csv", "md", "html"] as const;
export type ScanExportFormat = (typeof SCAN_EXPORT_FORMATS)[number];

/** The media type each format is served with (`Content-Type`, and what `Accept` may ask for). */
export const SCAN_EXPORT_MEDIA_TYPES: { readonly [Format in ScanExportFormat]: string } = {
  json: "application/json",
  sarif: "application/sarif+json",
  junit: "application/xml",
  csv: "text/csv",
  "phases-csv": "text/csv",
  md: "text/markdown",
  html: "text/html",
};

/** The file each format is saved as: fixed names, so a CI step knows what to upload. */
export const SCAN_EXPORT_FILE_NAMES: { readonly [Format in ScanExportFormat]: string } = {
  json: "public-scan.json",
  sarif: "public-scan.sarif",
  junit: "public-scan.junit.xml",
  csv: "public-scan-pre-consent.csv",
  "phases-csv": "public-scan-phases.csv",
  md: "public-scan.md",
  html: "public-scan.html",
};

export const ScanExportFormatSchema = z.enum(SCAN_EXPORT_FORMATS).meta({
  description:
    "File format of the export: json, sarif (2.1.0), junit (XML), csv (pre-consent table), phases-csv (the tables of the phases after consent was asked), md, html.",
});

/**
 * The JUnit export's gate, as the scan command's `--fail-on`: findings at this criticality or above are
 * failures; `none` fails none (the default is `low`, as for a JUnit file of the scan command without a gate).
 */
export const ExportFailOnSchema = z
  .union([CriticalitySchema.exclude(["info"]), z.literal("none")])
  .meta({ description: "JUnit only: findings at this criticality or above fail; `none` fails none. Default `low`." });

/** The JUnit export's score gate, as `--min-score`: a score below it fails the `score` case. */
export const ExportMinScoreSchema = z
  .int()
  .min(0)
  .max(100)
  .meta({ description: "JUnit only: a score below this fails the `score` test case." });

/**
 * An export as a use-case answers it, before a surface writes it out: the text and how to serve it. REST
 * answers with the text as the body, `Content-Type` and a `Content-Disposition` naming the file.
 */
export interface ScanExportDocument {
  readonly type: "service_scan_export";
  readonly format: ScanExportFormat;
  readonly mediaType: string;
  readonly fileName: string;
  readonly content: string;
}

/** A body is an export document: what tells a surface to write text, not JSON. */
export const isScanExportDocument = (body: unknown): body is ScanExportDocument =>
  (body as { type?: unknown } | null)?.type === "service_scan_export";
