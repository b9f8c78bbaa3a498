import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * Tracing is opt-in, and so is its code: a server without PUBLIC_SCAN_TRACING=otlp must load none of the
 * OpenTelemetry SDK, exporter or conventions. `@opentelemetry/api` is the exception, and not tracing's:
 * prom-client depends on it (exemplars) and loads it with the metrics, as it did before tracing. Checked on the *built* server in a fresh Node process that records every module it
 * resolves (as core's purity test does): the serve command's whole import graph, then a started and closed
 * observability with tracing off, or on.
 */
const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

const RECORDER = `
import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); seen.add(result.url); return result; } });
const [dist, tracing] = process.argv.slice(1);
await import(dist + "serve/run-serve-command.js");
const { startServeObservability } = await import(dist + "observability/start-serve-observability.js");
const config = { logLevel: "silent", metricsPort: null, metricsHost: "127.0.0.1", tracing, serviceName: "public-scan" };
const observability = await startServeObservability({ config, write: () => undefined, role: "all" });
observability.observer.requestFinished({ requestId: "r1", method: "GET", route: "/api/v2/health", status: 200, durationMs: 1 });
await observability.close();
// Exit once the output is written (a large write to a pipe may still be in flight when write() returns), as
// apps/server/bin/public-scan.mjs exits after serve: the exporter's retry timers of a refused export need not be waited for.
process.stdout.write(JSON.stringify({ tracing: observability.tracing, seen: [...seen] }), () => process.exit());
`;

async function modulesLoaded(tracing: "off" | "otlp"): Promise<{ tracing: boolean; seen: string[] }> {
  // No collector listens on the port: with tracing on, the last span's export fails and closing does not wait on it.
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", RECORDER, dist, tracing], {
    env: { PATH: process.env.PATH ?? "", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" },
  });
  return JSON.parse(stdout) as { tracing: boolean; seen: string[] };
}

/** Any OpenTelemetry package but the API (prom-client's own dependency). */
const OPENTELEMETRY = /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?@opentelemetry\/(?!api\/)/;

describe("the OpenTelemetry modules", () => {
  it("have been built into the server's dist (the test command builds before it tests)", () => {
    expect(existsSync(`${dist}observability/start-serve-observability.js`), "run `pnpm build` first").toBe(true);
  });

  it("are not loaded by a server without PUBLIC_SCAN_TRACING=otlp", async () => {
    const { tracing, seen } = await modulesLoaded("off");
    expect(tracing).toBe(false);
    expect(seen.length).toBeGreaterThan(50);
    expect(seen.filter((url) => OPENTELEMETRY.test(url) || url.endsWith("/start-serve-tracing.js"))).toEqual([]);
  });

  it("are loaded with it (the check can fail)", async () => {
    const { tracing, seen } = await modulesLoaded("otlp");
    expect(tracing).toBe(true);
    expect(seen.some((url) => OPENTELEMETRY.test(url))).toBe(true);
    expect(seen.some((url) => url.includes("/@opentelemetry/exporter-trace-otlp-http/"))).toBe(true);
  });
});
