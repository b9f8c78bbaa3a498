import {
  createLocalService,
  createScan,
  exportFindings,
  getPreConsentTable,
  getReport,
  getScanStatus,
  isCompleted,
  listFindings,
  toComparableScan,
  type ComparableScan,
  type FindingList,
  type FindingsExport,
  type PreConsentTable,
  type ReportView,
  type Scan,
  type ScanJob,
  type ScanObservations,
  type Scanner,
  type ScanProgress,
  type ScanStore,
  type VendorPhaseMatrix,
} from "@public-scan/core";

export type ServiceScanResult =
  | {
      kind: "completed";
      scan: Scan;
      findings: FindingList;
      /** Every finding in full, for the file exports. */
      exported: FindingsExport;
      table: PreConsentTable;
      /** The report page's view, for the HTML and PDF files. */
      view: ReportView;
      /** What each vendor did in each phase, as the stored report has it (absent in reports stored before it). */
      vendorPhases: VendorPhaseMatrix | null;
      /** What a later `--baseline` compares with: the JSON outputs carry it. */
      comparable: ComparableScan;
      observations: ScanObservations | null;
    }
  | { kind: "ended"; job: ScanJob };

export interface ScanThroughServiceOptions {
  scanner: Scanner;
  scans: ScanStore;
  url: string;
  fresh: boolean;
  onProgress?: (progress: ScanProgress) => void;
}

/** The one caller of a command-line scan; the service sees it as a local key, so no anonymous quota applies. */
const LOCAL_CALLER = { kind: "key", keyId: "local-cli" } as const;

/**
 * Scans through the service's own use-cases, exactly as the REST API will: create (or reuse a recent scan
 * of the same URL from the store), run the job, then read the Scan, its findings and the pre-consent table.
 * The observations of a new scan are kept aside for the command's detail tables.
 */
export async function scanThroughService(options: ScanThroughServiceOptions): Promise<ServiceScanResult> {
  let observations: ScanObservations | null = null;
  const scanner: Scanner = {
    scan: async (input) => {
      observations = await options.scanner.scan({
        ...input,
        onProgress: (progress) => {
          input.onProgress?.(progress);
          options.onProgress?.(progress);
        },
      });
      return observations;
    },
    close: () => options.scanner.close(),
  };
  const local = await createLocalService({ scanner, scans: options.scans, concurrency: 1, config: { baseUrl: "http://localhost:8787" } });
  try {
    const created = await createScan(local.deps, {
      body: { url: options.url, freshness: options.fresh ? "fresh" : "latest" },
      caller: LOCAL_CALLER,
    });
    // A reused scan is answered at once (and says so); a new or joined one is read back once its job ended.
    let scan: Scan;
    if (created.status === 200) scan = created.body;
    else {
      await local.deps.queue.drain();
      // The status read answers a failed or expired scan with its ScanJob and error (getScan has no Scan to give).
      const read = await getScanStatus(local.deps, { scanId: created.body.scanId, caller: LOCAL_CALLER });
      if (read.body.type !== "service_scan") return { kind: "ended", job: read.body };
      // A read reports no provenance of its own ("unavailable"); this command made the request, so the Scan
      // it prints says how that request was satisfied.
      const { executionMode, reused, reusedScanAgeSeconds, freshnessDecision, quotaConsumed } = created.body;
      scan = { ...read.body, executionMode, reused, reusedScanAgeSeconds, freshnessDecision, quotaConsumed };
    }
    const input = { scanId: scan.scanId, caller: LOCAL_CALLER };
    const findings = await listFindings(local.deps, input);
    const table = await getPreConsentTable(local.deps, input);
    const exported = await exportFindings(local.deps, input);
    const report = await getReport(local.deps, input);
    const record = await options.scans.get(scan.scanId);
    if (
      findings.status !== 200 ||
      table.status !== 200 ||
      exported.status !== 200 ||
      report.status !== 200 ||
      record === null ||
      !isCompleted(record)
    )
      throw new Error("the scan completed but its results could not be read");
    return {
      kind: "completed",
      scan,
      findings: findings.body,
      exported: exported.body,
      table: table.body,
      view: report.body,
      // The report view carries the stored matrix already: no second read of the record.
      vendorPhases: report.body.vendorPhases ?? null,
      comparable: toComparableScan(record.report),
      observations,
    };
  } finally {
    await local.close();
  }
}
