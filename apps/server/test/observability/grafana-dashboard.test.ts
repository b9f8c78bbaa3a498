import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createServeMetrics } from "../../src/observability/create-serve-metrics.js";
import { SERVE_METRIC_NAMES } from "../../src/observability/serve-metric-names.js";

interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: Array<{ expr: string; datasource: { uid: string } }>;
}
interface Dashboard {
  __inputs: Array<{ name: string; type: string; pluginId: string }>;
  panels: Panel[];
  templating: { list: Array<{ query: { query: string }; datasource: { uid: string } }> };
}

const dashboard = JSON.parse(
  readFileSync(new URL("../../../../examples/grafana-dashboard/public-scan-dashboard.json", import.meta.url), "utf8"),
) as Dashboard;

/** Every PromQL expression of the dashboard: panel targets and template variable queries. */
const expressions = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.map((variable) => variable.query.query),
];

/** Metric names in PromQL: identifiers followed by a selector, a range or the end of a call's argument. */
function metricNamesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const functionsAndKeywords = /^(sum|max|min|count|rate|increase|histogram_quantile|clamp_min|by|le|label_values|job|on|without)$/;
  return [...withoutStrings.matchAll(/\b([a-zA-Z_:][\w:]*)\b\s*(?=[{[),]|$)/g)]
    .map((match) => match[1]!)
    .filter((name) => !functionsAndKeywords.test(name) && /_/.test(name) && !/^\d/.test(name));
}

/** The series names the registry exposes: each metric's name, and a histogram's _bucket, _sum and _count. */
async function exposedNames(): Promise<Set<string>> {
  const metrics = await createServeMetrics().registry.getMetricsAsJSON();
  return new Set(
    metrics.flatMap(({ name, type }) => (String(type) === "histogram" ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name])),
  );
}

describe("the Grafana dashboard in examples/grafana-dashboard", () => {
  it("finds the metric names in PromQL (so a misspelt one would be caught)", () => {
    expect(metricNamesIn('sum by (le, route) (rate(public_scan_misspelt_bucket{job=~"$job",route="/a_b"}[5m]))')).toEqual([
      "public_scan_misspelt_bucket",
    ]);
    expect(metricNamesIn('max by (state) (public_scan_queue_jobs{job=~"$job"}) - process_resident_memory_bytes')).toEqual([
      "public_scan_queue_jobs",
      "process_resident_memory_bytes",
    ]);
  });

  it("queries only metrics the reference server registers", async () => {
    const exposed = await exposedNames();
    const used = new Set(expressions.flatMap(metricNamesIn));
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(exposed, `${name} is not registered by createServeMetrics`).toContain(name);
  });

  it("shows every metric of the server's own", () => {
    const used = expressions.flatMap(metricNamesIn).map((name) => name.replace(/_(bucket|sum|count)$/, ""));
    for (const name of Object.values(SERVE_METRIC_NAMES)) expect(used, `no panel shows ${name}`).toContain(name);
  });

  it("is in Grafana's import format, its Prometheus data source an input chosen at import", () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", pluginId: "prometheus" })]);
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== "row")) {
      expect(panel.datasource?.uid, panel.title).toBe("${DS_PROMETHEUS}");
      for (const target of panel.targets ?? []) expect(target.datasource.uid, panel.title).toBe("${DS_PROMETHEUS}");
    }
  });
});
