import { describeScannerSandbox } from "@public-scan/scanner";
import type { CommandIo } from "../run-scan-command.js";
import { parseServeConfig, SERVE_USAGE, type ServeConfig } from "./parse-serve-config.js";
import { startReferenceServer } from "./start-reference-server.js";
import { startWorkerProcess } from "./start-worker-process.js";
import { containStrayErrors } from "./contain-stray-errors.js";
import { redactUrl } from "./serve-storage.js";
import { OBSERVABILITY_USAGE, parseObservabilityConfig } from "../observability/parse-observability-config.js";
import { startServeObservability, type ServeObservability } from "../observability/start-serve-observability.js";

/**
 * `pnpm serve`: starts the reference server and runs until SIGINT or SIGTERM, then shuts down gracefully
 * (running scans finish within the grace period or go back to queued for the next start). Returns the exit code.
 */
export async function runServeCommand(
  argv: readonly string[],
  io: CommandIo & { env: Readonly<Record<string, string | undefined>> },
): Promise<number> {
  let config;
  let observabilityConfig;
  try {
    config = parseServeConfig(argv, io.env);
    observabilityConfig = parseObservabilityConfig(io.env);
  } catch (error) {
    io.stderr(`serve: ${error instanceof Error ? error.message : String(error)}\n\n${SERVE_USAGE}\n${OBSERVABILITY_USAGE}\n`);
    return 2;
  }
  if (config.help) {
    io.stdout(`${SERVE_USAGE}\n${OBSERVABILITY_USAGE}\n`);
    return 0;
  }
  let sandbox;
  try {
    sandbox = describeScannerSandbox(config.browserWSEndpoint === null ? {} : { browserWSEndpoint: config.browserWSEndpoint });
  } catch (error) {
    io.stderr(`serve: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  let observability: ServeObservability;
  try {
    observability = await startServeObservability({ config: observabilityConfig, write: io.stderr, role: config.role });
  } catch (error) {
    io.stderr(`serve: observability (metrics endpoint or tracing): ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  // Structured JSON lines on stderr; stdout keeps the human start-up lines.
  const { log } = observability;
  // From here on, an error nothing caught is logged and the server goes on (`containStrayErrors`).
  const uncontain = containStrayErrors({ log, exit: (code) => process.exit(code) });
  if (observability.metricsUrl !== null) io.stdout(`metrics: ${observability.metricsUrl} (Prometheus; operators only)\n`);
  // Not the collector's address: OTEL_EXPORTER_OTLP_* may carry credentials.
  if (observability.tracing) io.stdout("traces: OpenTelemetry spans over OTLP/HTTP (OTEL_EXPORTER_OTLP_* settings)\n");
  let close: () => Promise<void>;
  try {
    close =
      config.role === "worker"
        ? await announceWorker(config, io, observability)
        : await announceServer(config, io, { observability, mail: (line) => io.stderr(`${line}\n`) });
  } catch (error) {
    io.stderr(`serve: ${error instanceof Error ? error.message : String(error)}\n`);
    uncontain();
    await observability.close();
    return 1;
  }
  log(`serve: ${sandbox}`);
  io.stdout("Stop with Ctrl+C: running scans get a grace period, then go back to the queue.\n");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  log(`serve: shutting down (up to ${config.shutdownGraceMs} ms; a second signal stops at once)`);
  const force = () => {
    log("serve: stopped without waiting; running scans are retried once their heartbeat is stale");
    process.exit(130);
  };
  process.once("SIGINT", force);
  process.once("SIGTERM", force);
  await close();
  await observability.close();
  uncontain();
  return 0;
}

async function announceServer(
  config: ServeConfig,
  io: CommandIo,
  input: { observability: ServeObservability; mail: (line: string) => void },
): Promise<() => Promise<void>> {
  const server = await startReferenceServer(config, input.observability.log, input);
  const data = server.databasePath ?? `Redis ${redactUrl(config.redisUrl ?? "")} (prefix ${config.redisPrefix})`;
  const role = config.redisUrl === null ? "" : config.role === "api" ? " [api: enqueues scans for the workers]" : " [api and worker]";
  io.stdout(`public-scan REST API on ${server.url}/api/v2 (links use ${server.baseUrl}); data in ${data}${role}\n`);
  io.stdout(
    `MCP: ${server.baseUrl}/mcp (API key${server.accounts ? " or OAuth sign-in" : ""}) and ${server.baseUrl}/mcp/light (anonymous)\n`,
  );
  if (config.role !== "api") io.stdout(`scans: up to ${config.concurrency} at a time in one browser (--concurrency)\n`);
  if (server.accounts) io.stdout(`accounts: sign up at ${server.baseUrl}/account/sign-up, keys at ${server.baseUrl}/account\n`);
  for (const site of server.demoSites) io.stdout(`demo site (bundled fixture web, offline): ${site.url}\n`);
  return server.close;
}

async function announceWorker(config: ServeConfig, io: CommandIo, observability: ServeObservability): Promise<() => Promise<void>> {
  const worker = await startWorkerProcess(config, observability.log, { observability });
  io.stdout(
    `public-scan worker: runs up to ${worker.concurrency} scans at a time from the job queue on Redis ${redactUrl(config.redisUrl ?? "")} (prefix ${config.redisPrefix})\n`,
  );
  if (worker.probeUrl !== null) io.stdout(`probes: ${worker.probeUrl}/livez and ${worker.probeUrl}/readyz\n`);
  return worker.close;
}
