import type { NavigationObservation } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import type { Collector, CollectorContext } from "../../src/collectors/collector.js";
import { collectTransport } from "../../src/transport/collect-transport.js";
import type { TimedTransportProbe } from "../../src/transport/start-transport-probe.js";
import type { BrowserTransport } from "../../src/transport/transport-collector.js";

const context = { phase: "pre_consent" } as CollectorContext;
const navigation = { finalUrl: "https://www.example.test/" } as NavigationObservation;
const probe: Promise<TimedTransportProbe> = Promise.resolve({
  durationMs: 12,
  result: {
    host: "www.example.test",
    tls: { kind: "refused_by_peer", reason: "connection_refused" },
    http: { kind: "answered", redirectsToHttps: false, reason: "serves_http" },
  },
});
const collector = (collect: () => Promise<BrowserTransport>, budgetMs = 500): Collector<BrowserTransport> => ({
  id: "transport",
  budgetMs,
  collect,
  count: () => 0,
});

describe("collectTransport", () => {
  it("reports a browser collector that throws as failed, and keeps the probe's facts", async () => {
    const { observation, reports } = await collectTransport({
      collector: collector(() => Promise.reject(new Error("Target closed"))),
      context,
      probe,
      navigation,
      targetHost: "www.example.test",
      cookies: [],
    });
    expect(reports).toEqual([
      expect.objectContaining({ id: "transport", phase: "transport", status: "failed", reason: "target_closed" }),
      { id: "transport_probe", phase: "transport", status: "ok", durationMs: 12, itemCount: 2, reason: null },
    ]);
    expect(observation).toMatchObject({ status: "partial", httpsAvailable: false, httpAvailable: true, hsts: null });
  });

  it("reports a browser collector past its budget as timed out", async () => {
    const { reports } = await collectTransport({
      collector: collector(() => new Promise(() => undefined), 20),
      context,
      probe,
      navigation,
      targetHost: "www.example.test",
      cookies: null,
    });
    expect(reports[0]).toMatchObject({ status: "timed_out", reason: "collector_timeout" });
  });

  it("reports a probe that the egress guard refused as skipped, and one that broke as failed", async () => {
    const refused = await collectTransport({
      collector: collector(() =>
        Promise.resolve({ document: null, certificateError: null, mixedContent: { blocked: 0, upgraded: 0, allowed: 0, items: [] } }),
      ),
      context,
      probe: Promise.resolve({
        durationMs: 1,
        result: {
          host: "10.0.0.1",
          tls: { kind: "refused", reason: "ip_literal_private" },
          http: { kind: "refused", reason: "ip_literal_private" },
        },
      }),
      navigation: { finalUrl: null } as NavigationObservation,
      targetHost: "10.0.0.1",
      cookies: [],
      setupFailed: true,
    });
    expect(refused.reports.map((report) => [report.id, report.status, report.reason])).toEqual([
      ["transport", "failed", "target_setup_failed"],
      ["transport_probe", "skipped", "egress_refused"],
    ]);
    const broken = await collectTransport({
      collector: collector(() => Promise.reject(new Error("x"))),
      context,
      probe: Promise.resolve({ durationMs: 1, result: null }),
      navigation,
      targetHost: "www.example.test",
      cookies: [],
    });
    expect(broken.reports[1]).toMatchObject({ status: "failed", reason: "probe_not_run" });
    expect(broken.observation).toMatchObject({ status: "failed", reason: "probe_not_run" });
  });
});
