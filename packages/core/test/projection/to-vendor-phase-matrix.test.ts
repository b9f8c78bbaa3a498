import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { toVendorPhaseMatrix } from "../../src/projection/to-vendor-phase-matrix.js";
import { ScanObservationsSchema } from "../../src/observations/scan-observations.js";
import { ALL_RUN, record, run } from "./support/evidence-records.js";

describe("the vendor x phase matrix", () => {
  it("counts each vendor's tracker hosts, requests, cookies and storage keys per phase", () => {
    const matrix = toVendorPhaseMatrix(
      [
        record({ kind: "tracker_request", phase: "pre_consent", vendor: "Google", host: "ad.doubleclick.net", requestCount: 3 }),
        record({ kind: "tracker_request", phase: "pre_consent", vendor: "Google", host: "www.google-analytics.com", requestCount: 1 }),
        record({ kind: "cookie", phase: "pre_consent", vendor: "Google", name: "IDE" }),
        record({ kind: "cookie", phase: "after_accept", vendor: "Google", name: "IDE" }),
        record({ kind: "storage_key", phase: "gpc", vendor: "Hotjar", name: "_hjSessionUser" }),
        // Not counted: first-party signals and third-party services.
        record({ kind: "consent_signal", phase: "pre_consent", vendor: "Google" }),
        record({ kind: "service_request", phase: "pre_consent", vendor: "Google Fonts", requestCount: 2 }),
      ],
      ALL_RUN,
    );
    expect(matrix.phases).toEqual(["pre_consent", "after_reject", "after_accept", "gpc"]);
    expect(matrix.rows.map((row) => row.vendor)).toEqual(["Google", "Hotjar"]);
    expect(matrix.rows[0]!.phases).toEqual({
      pre_consent: { trackerHosts: 2, requests: 4, cookies: 1, storageKeys: 0 },
      after_reject: { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 },
      after_accept: { trackerHosts: 0, requests: 0, cookies: 1, storageKeys: 0 },
      gpc: { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 },
    });
    expect(matrix.rows[1]!.phases.gpc).toEqual({ trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 1 });
  });

  it("has no cell for a phase that did not complete: not run never reads as nothing found", () => {
    const matrix = toVendorPhaseMatrix(
      [
        record({ kind: "cookie", phase: "pre_consent", vendor: "Meta", name: "_fbp" }),
        record({ kind: "cookie", phase: "after_reject", vendor: "Meta", name: "_fbp" }),
      ],
      [run("pre_consent", "completed"), run("after_reject", "failed"), run("after_accept", "not_run"), run("gpc", "timed_out")],
    );
    expect(matrix.phases).toEqual(["pre_consent"]);
    expect(matrix.rows).toEqual([
      { vendor: "Meta", phases: { pre_consent: { trackerHosts: 0, requests: 0, cookies: 1, storageKeys: 0 } } },
    ]);
  });

  it("names what no catalogue attributes Unattributed, and puts the most active before consent first", () => {
    const matrix = toVendorPhaseMatrix(
      [
        record({ kind: "cookie", phase: "pre_consent", vendor: "Zeta", name: "a" }),
        record({ kind: "cookie", phase: "pre_consent", vendor: "Zeta", name: "b" }),
        record({ kind: "cookie", phase: "pre_consent", vendor: null, name: "cc_cookie", party: "first_party" }),
        record({ kind: "cookie", phase: "after_accept", vendor: "Alpha", name: "c" }),
      ],
      ALL_RUN,
    );
    expect(matrix.rows.map((row) => row.vendor)).toEqual(["Zeta", "Unattributed", "Alpha"]);
  });

  it("is stored with a report of a recorded scan, from the pre-consent visit of scans without phases", () => {
    const report = toScanReport(ScanObservationsSchema.parse(readRecordedObservations("daily-courier")));
    expect(report.vendorPhases?.phases).toEqual(["pre_consent"]);
    const vendors = report.vendorPhases!.rows.map((row) => row.vendor);
    expect(vendors).toEqual(expect.arrayContaining(["Google", "Meta"]));
    const tableVendors = new Set(report.preConsentRows.filter((row) => row.kind !== "service").map((row) => row.vendor));
    expect(new Set(vendors)).toEqual(tableVendors);
  });
});
