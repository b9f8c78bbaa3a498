import { describe, expect, it } from "vitest";
import {
  FindingDetailSchema,
  FindingListSchema,
  FindingsExportSchema,
  PreConsentTableSchema,
  PulseEvidenceSchema,
  PulseSchema,
  ScanDiagnosticsSchema,
  ScanJobSchema,
  ScanSchema,
} from "../../src/contract/index.js";
import { createLinkBuilder } from "../../src/render/scan-links.js";
import { toDiagnostics } from "../../src/render/to-diagnostics.js";
import { toFindingsExport } from "../../src/render/to-findings-export.js";
import { toFindingDetail, toFindingList } from "../../src/render/to-finding-list.js";
import { toPreConsentTable } from "../../src/render/to-pre-consent-table.js";
import { toHighlights, toPulse, toPulseEvidence } from "../../src/render/to-pulse.js";
import { toScanJobResource } from "../../src/render/to-scan-job-resource.js";
import { toScanResource } from "../../src/render/to-scan-resource.js";
import { completedRecord, PROVENANCE } from "../fixtures/completed-record.js";

const links = createLinkBuilder("https://scan.example.org/");
const courier = completedRecord("daily-courier");

describe("renderers from a recorded scan", () => {
  it("Scan carries the stored report, the persisted provenance and absolute links", () => {
    const scan = ScanSchema.parse(toScanResource(courier, { links, provenance: PROVENANCE }));
    expect(scan).toMatchObject({
      status: "completed",
      score: courier.report.score,
      scanFrom: "eu_ie",
      scanTimeSeconds: 9.5,
      recommendedNextTool: "service_get_scan_bundle",
    });
    expect(scan.links.report).toBe("https://scan.example.org/reports/3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10");
    expect(scan.links.self).toBe("https://scan.example.org/api/v2/scans/3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10");
  });

  it("reports scanFrom and times that were not persisted as unavailable, never inferred", () => {
    const scan = toScanResource(completedRecord("daily-courier", { scanFrom: null, startedAt: null }), { links, provenance: PROVENANCE });
    expect(scan.scanFrom).toBe("unavailable");
    expect(scan.startedAt).toBeNull();
    expect(scan.scanTimeSeconds).toBeNull();
  });

  it("ScanJob: progress is an estimate, stalled after the threshold, remaining time from observed durations", () => {
    const running = completedRecord("daily-courier", {
      status: "running",
      phase: "runtime_observation",
      completedAt: null,
      progressPercent: 40,
      report: null,
    } as never);
    const now = Date.parse("2026-11-23T10:14:41.000Z");
    const job = ScanJobSchema.parse(
      toScanJobResource(running, {
        links,
        provenance: PROVENANCE,
        timing: { now, stallAfterMs: 30_000, typicalScanSeconds: 30, pollSeconds: 5 },
      }),
    );
    expect(job).toMatchObject({
      status: "running",
      progressPercent: 40,
      progressIsEstimate: true,
      stalled: false,
      estimatedRemainingSeconds: 20,
      retryAfterSeconds: 5,
    });
    const later = toScanJobResource(running, {
      links,
      provenance: PROVENANCE,
      timing: { now: now + 60_000, stallAfterMs: 30_000, typicalScanSeconds: null, pollSeconds: 5 },
    });
    expect(later).toMatchObject({ stalled: true, estimatedRemainingSeconds: null });
  });

  it("ScanJob of a failed scan carries the error object and points to a new scan", () => {
    const failed = completedRecord("daily-courier", {
      status: "failed",
      report: null,
      error: {
        code: "internal_error",
        message: "The browser crashed.",
        retryable: true,
        retryAfterSeconds: 30,
        recommendedNextAction: "retry_after_delay",
      },
    } as never);
    const job = ScanJobSchema.parse(
      toScanJobResource(failed, {
        links,
        provenance: PROVENANCE,
        timing: { now: Date.now(), stallAfterMs: 1, typicalScanSeconds: 30, pollSeconds: 5 },
      }),
    );
    expect(job).toMatchObject({
      status: "failed",
      progressIsEstimate: false,
      stalled: false,
      recommendedNextAction: "start_new_scan",
      error: { code: "internal_error" },
    });
  });

  it("finding list and detail: summaries only in the list, capped examples with caveats in the detail", () => {
    const list = FindingListSchema.parse(toFindingList(courier, links));
    expect(list.findings.map((finding) => finding.id)).toEqual(courier.report.findings.map((finding) => finding.id));
    expect(list.findings.every((finding) => !("examples" in finding) && !("description" in finding))).toBe(true);
    const detail = FindingDetailSchema.parse(toFindingDetail(courier, "pre_consent_third_party_cookie", links));
    expect(detail.finding.examples.map((example) => example.name).sort()).toEqual(["IDE", "VISITOR_INFO1_LIVE", "YSC"]);
    expect(detail.finding.caveats.length).toBeGreaterThan(0);
    expect(toFindingDetail(courier, "no_such_finding", links)).toBeNull();
  });

  it("pre-consent table: complete rows and consistent counts", () => {
    const table = PreConsentTableSchema.parse(toPreConsentTable(courier, links));
    expect(table.summary.rowCount).toBe(table.rows.length);
    expect(table.summary.cookieCount + table.summary.trackerCount + table.summary.storageCount).toBe(table.rows.length);
    expect(table.summary.requestCount).toBe(table.rows.reduce((sum, row) => sum + (row.requestCount ?? 0), 0));
  });

  it("pre-consent table: service rows count as rows, never as trackers or tracker requests", () => {
    const service = { ...courier.report.preConsentRows.find((row) => row.kind === "tracker")! };
    const withService = {
      ...courier,
      report: {
        ...courier.report,
        preConsentRows: [
          ...courier.report.preConsentRows,
          { ...service, kind: "service", name: "fonts", host: "fonts.gstatic.com", purpose: "functional", priority: 5, requestCount: 7 },
        ],
      },
    } satisfies typeof courier;
    const before = toPreConsentTable(courier, links).summary;
    const table = PreConsentTableSchema.parse(toPreConsentTable(withService, links));
    expect(table.summary).toEqual({ ...before, rowCount: before.rowCount + 1 });
    expect(toHighlights(withService)).toEqual(toHighlights(courier));
  });

  it("Pulse and Pulse evidence are bounded and say what they left out", () => {
    const pulse = PulseSchema.parse(toPulse(courier, links));
    expect(pulse.topFindings).toHaveLength(5);
    expect(pulse.findingCount).toBe(courier.report.findings.length);
    expect(pulse.headline).toMatch(/^Before consent, 7 cookies, 2 storage keys and \d+ tracker hosts of \d+ vendors were observed\.$/);
    const evidence = PulseEvidenceSchema.parse(toPulseEvidence(courier, links));
    expect(evidence.items.every((item) => item.examples.length <= 5)).toBe(true);
    expect(evidence.totals.findings).toBe(courier.report.findings.length);
  });

  it("a no-go Pulse says why nothing could be observed", () => {
    const pulse = toPulse(completedRecord("bot-challenge"), links);
    expect(pulse.headline).toContain("bot challenge");
    expect(pulse.scan).toMatchObject({ riskLevel: "not_assessed", resultDisposition: "no_go" });
  });

  it("a no-go findings export carries the disposition, its reason among the caveats, and no findings to act on", () => {
    const exported = FindingsExportSchema.parse(toFindingsExport(completedRecord("bot-challenge"), links));
    expect(exported.scan).toMatchObject({
      resultDisposition: "no_go",
      scoreStatus: "not_assessed",
      resultDispositionReason: { code: "bot_challenge" },
    });
    expect(exported.caveats).toContain(exported.scan.resultDispositionReason!.message);
    const full = FindingsExportSchema.parse(toFindingsExport(courier, links));
    expect(full.findings).toHaveLength(courier.report.findings.length);
    expect(full.caveats.some((caveat) => /bot challenge/.test(caveat))).toBe(false);
  });

  it("diagnostics are bounded and carry no URL", () => {
    const diagnostics = ScanDiagnosticsSchema.parse(toDiagnostics(courier, links));
    expect(diagnostics.collectors.map((collector) => collector.id)).toEqual(["requests", "cookies", "storage", "frames"]);
    expect(JSON.stringify(diagnostics.collectors)).not.toMatch(/https?:/);
  });
});
