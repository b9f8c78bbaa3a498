import type { ScanProgress } from "@public-scan/core";
import { describe, expect, inject, it } from "vitest";
import { createPuppeteerScanner, type PuppeteerScannerOptions } from "../../src/index.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

/** Phase options and budgets with the shared Chromium: off by default, and a phase that overruns fails alone. */
const web = inject("fixtureWeb");
const scannerWith = (options: PuppeteerScannerOptions) =>
  createPuppeteerScanner({
    browserWSEndpoint: inject("browserWSEndpoint"),
    remoteBrowserTrusted: true,
    ...fixtureWebReach(web),
    observeMs: 300,
    ...options,
  });
const urlOf = (id: string) => web.sites.find((site) => site.id === id)!.url;

describe("consent phases", () => {
  it("run none by default, and still say so: six entries, each later one disabled", async () => {
    const scanner = scannerWith({});
    try {
      const observations = await scanner.scan({ url: urlOf("daily-courier") });
      expect(observations.phases).toEqual([
        { phase: "pre_consent", status: "completed", reason: null, observeMs: 300 },
        { phase: "after_reject", status: "not_run", reason: "disabled", observeMs: null },
        { phase: "reject_next_page", status: "not_run", reason: "disabled", observeMs: null },
        { phase: "after_accept", status: "not_run", reason: "disabled", observeMs: null },
        { phase: "accept_next_page", status: "not_run", reason: "disabled", observeMs: null },
        { phase: "gpc", status: "not_run", reason: "disabled", observeMs: null },
      ]);
      const disabled = { outcome: "not_attempted", method: null, verified: null, reason: "disabled" };
      expect(observations.consentActions).toEqual({ reject: disabled, accept: disabled });
      expect(new Set(observations.cookies.map((cookie) => cookie.phase))).toEqual(new Set(["pre_consent"]));
    } finally {
      await scanner.close();
    }
  });

  it("end a phase that overruns its budget as timed out, keep the scan and report consent_interaction progress in order", async () => {
    // The GPC window is far longer than the scan may take: the phase is cut before the deadline.
    const scanner = scannerWith({ phases: { reject: true, gpc: true }, phaseObserveMs: { gpc: 60_000 }, scanDeadlineMs: 7000 });
    const progress: ScanProgress[] = [];
    try {
      const started = Date.now();
      const observations = await scanner.scan({ url: urlOf("berg-apotheke"), onProgress: (update) => progress.push(update) });
      expect(Date.now() - started).toBeLessThan(7000);
      expect(observations.phases?.map(({ phase, status, reason }) => [phase, status, reason])).toEqual([
        ["pre_consent", "completed", null],
        ["after_reject", "completed", null],
        ["reject_next_page", "not_run", "disabled"],
        ["after_accept", "not_run", "disabled"],
        ["accept_next_page", "not_run", "disabled"],
        ["gpc", "timed_out", "phase_timeout"],
      ]);
      expect(observations.consentActions?.reject).toMatchObject({ outcome: "succeeded", method: "heuristic" });
      expect(observations.storage.filter((item) => item.phase === "gpc")).toEqual([]);
      const phases = progress.map((update) => update.phase);
      expect(phases).toContain("consent_interaction");
      const order = ["launching_browser", "runtime_observation", "consent_interaction", "projection"];
      expect(phases.map((phase) => order.indexOf(phase))).toEqual([...phases.map((phase) => order.indexOf(phase))].sort((a, b) => a - b));
      expect(progress.map((update) => update.progressPercent)).toEqual(
        [...progress.map((update) => update.progressPercent)].sort((a, b) => a - b),
      );
    } finally {
      await scanner.close();
    }
  });
});
