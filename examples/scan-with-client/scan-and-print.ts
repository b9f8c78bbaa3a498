import {
  createClient,
  NetworkError,
  ScanFailedError,
  ServiceApiError,
  TimeoutError,
  type FindingList,
  type PreConsentTable,
  type ScanJob,
} from "@public-scan/client";

export interface ScanAndPrintOptions {
  /** The deployment, e.g. `https://scan.example.com` or a reference server's `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** An API key (`svc_...`); without one the scan counts against the caller address's anonymous quota. */
  apiKey?: string | undefined;
  /** The public page to scan. */
  url: string;
  /** Where each line of the report goes (`console.log` in a CLI). */
  print: (line: string) => void;
  /** The whole wait's budget (default: the client's 10 minutes). */
  timeoutMs?: number;
}

type Finding = FindingList["findings"][number];
type PreConsentRow = PreConsentTable["rows"][number];

const formatFinding = (finding: Finding) =>
  `  [${finding.criticality}] ${finding.id}: ${finding.label} (${finding.category}, priority ${finding.priority}, confidence ${finding.confidence})`;

const toCells = (row: PreConsentRow) => [
  row.kind,
  row.name ?? "-",
  row.vendor,
  row.host,
  row.purpose,
  row.party,
  row.requestCount === null ? "" : `${row.requestCount} request(s)`,
];

/** Rows of cells as lines with aligned columns, for a terminal. */
function formatColumns(rows: string[][]): string[] {
  const widths = rows.reduce<number[]>((max, cells) => cells.map((cell, index) => Math.max(max[index] ?? 0, cell.length)), []);
  return rows.map((cells) => `  ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join("  ")}`.trimEnd());
}

/** A result route answers the ScanJob while a scan is active; after `scanAndWait` it never should. */
function isJob(body: { type: string }): body is ScanJob {
  return body.type === "service_scan_job";
}

/**
 * Scans `url` through the REST API with the typed client and prints a short report: the phases while it
 * runs, then the score and risk level, each finding, and the cookies, storage and trackers seen before
 * consent. Answers an exit code: 0 for a report, 1 when the service or the scan said no (with one clear line).
 */
export async function scanAndPrint(options: ScanAndPrintOptions): Promise<number> {
  const { print } = options;
  const client = createClient({ baseUrl: options.baseUrl, ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  try {
    let lastPhase = "";
    const scan = await client.scanAndWait(
      { url: options.url },
      {
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        // Each poll reports the job; print a line when the phase changes, not on every poll.
        onProgress: (job) => {
          if (job.phase === lastPhase) return;
          lastPhase = job.phase;
          print(`... ${job.status}: ${job.phase} (${job.progressPercent}%${job.progressIsEstimate ? ", estimated" : ""})`);
        },
      },
    );
    print(`Scan ${scan.scanId} of ${scan.domain}: ${scan.status}${scan.reused ? " (a recent scan, reused)" : ""}`);
    // A no-go (a bot challenge, an error page) has the placeholder score 0: say so instead of showing it.
    print(
      scan.scoreStatus === "not_assessed"
        ? `Not assessed: ${scan.resultDispositionReason?.message ?? "the page could not be observed"}`
        : `Score ${scan.score}/100 (${scan.scoreStatus}), risk level ${scan.riskLevel}, coverage ${scan.coverage.status}`,
    );

    const [findings, table] = await Promise.all([
      client.listScanFindings(scan.scanId),
      client.getScanPreConsentCookiesTrackers(scan.scanId),
    ]);
    if (isJob(findings) || isJob(table)) throw new Error(`scan ${scan.scanId} is still ${scan.status}`);
    print(`Findings (${findings.findings.length}):`);
    for (const finding of findings.findings) print(formatFinding(finding));
    const { summary } = table;
    print(
      `Before consent (${summary.rowCount} rows: ${summary.trackerCount} trackers, ${summary.cookieCount} cookies, ` +
        `${summary.storageCount} storage, ${summary.requestCount} tracker requests):`,
    );
    for (const line of formatColumns(table.rows.map(toCells))) print(line);
    print(`Report: ${scan.links.report}`);
    print(scan.disclaimer);
    return 0;
  } catch (error) {
    // The envelope's message is written for customers: print it as it is, with what helps support.
    if (error instanceof ServiceApiError) {
      print(
        `Error ${error.status} ${error.code}: ${error.message}` +
          (error.retryAfterSeconds === null ? "" : ` (retry after ${error.retryAfterSeconds} s)`) +
          (error.requestId === null ? "" : ` [request ${error.requestId}]`),
      );
    } else if (error instanceof ScanFailedError) {
      print(`Scan ${error.job.scanId} ended ${error.job.status}: ${error.job.error?.message ?? "no reason given"}`);
    } else if (error instanceof TimeoutError) {
      print(`Gave up waiting${error.scanId === null ? "" : ` for scan ${error.scanId}; it may still finish`}: ${error.message}`);
    } else if (error instanceof NetworkError) {
      print(`Could not reach ${options.baseUrl}: ${error.message}`);
    } else {
      throw error;
    }
    return 1;
  }
}
