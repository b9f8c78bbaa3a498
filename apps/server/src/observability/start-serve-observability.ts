import type { ServiceObserver } from "@public-scan/core";
import type { Logger } from "pino";
import { combineObservers } from "./combine-observers.js";
import { createLoggingObserver } from "./create-logging-observer.js";
import { createServeLogger } from "./create-serve-logger.js";
import { createServeMetrics, type ServeMetrics } from "./create-serve-metrics.js";
import type { ObservabilityConfig } from "./parse-observability-config.js";
import { serveMetricsEndpoint } from "./serve-metrics-endpoint.js";

export interface ServeObservability {
  readonly logger: Logger;
  /** A line of free text as an `info` log line (redacted), for the parts of the server that log text. */
  readonly log: (line: string) => void;
  /** Logs and counts what the service reports. */
  readonly observer: ServiceObserver;
  /** Hands the process's queue and browser pool to the metrics. */
  readonly watch: ServeMetrics["watch"];
  readonly metrics: ServeMetrics;
  /** Where /metrics is served, or null when it is off. */
  readonly metricsUrl: string | null;
  /** Whether spans are exported (PUBLIC_SCAN_TRACING=otlp). */
  readonly tracing: boolean;
  /** Closes the metrics endpoint, ends open spans and sends the last ones (bounded in time), and flushes the log. */
  close(): Promise<void>;
}

/**
 * The observability of one reference server process, whatever its role: the structured log written through
 * `write` (stderr), the process's metrics, the observer that feeds both, and, when configured, the operator's
 * /metrics endpoint on its own port and OpenTelemetry traces. The tracing module, and with it every
 * OpenTelemetry package, is imported only when tracing is on.
 */
export async function startServeObservability(input: {
  config: ObservabilityConfig;
  write: (text: string) => void;
  role: string;
}): Promise<ServeObservability> {
  const logger = createServeLogger({ level: input.config.logLevel, write: input.write, role: input.role });
  const metrics = createServeMetrics();
  const endpoint =
    input.config.metricsPort === null
      ? null
      : await serveMetricsEndpoint({ registry: metrics.registry, host: input.config.metricsHost, port: input.config.metricsPort });
  const tracing =
    input.config.tracing === "otlp"
      ? (await import("./start-serve-tracing.js")).startServeTracing({
          serviceName: input.config.serviceName,
          role: input.role,
          warn: (line) => logger.warn(line),
        })
      : null;
  const observers = [createLoggingObserver(logger), metrics.observer, ...(tracing === null ? [] : [tracing.observer])];
  return {
    logger,
    log: (line) => logger.info(line),
    observer: combineObservers(observers),
    watch: metrics.watch,
    metrics,
    metricsUrl: endpoint?.url ?? null,
    tracing: tracing !== null,
    close: async () => {
      await endpoint?.close();
      await tracing?.close();
      logger.flush();
    },
  };
}
