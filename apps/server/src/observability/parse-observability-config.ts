import { LOG_LEVELS, type LogLevel } from "./create-serve-logger.js";

export interface ObservabilityConfig {
  /** PUBLIC_SCAN_LOG_LEVEL (default info). */
  logLevel: LogLevel;
  /** PUBLIC_SCAN_METRICS_PORT: where /metrics is served; null (the default) serves none. */
  metricsPort: number | null;
  /** PUBLIC_SCAN_METRICS_HOST (default 127.0.0.1): the operator's interface, not the public one. */
  metricsHost: string;
  /** PUBLIC_SCAN_TRACING: `otlp` exports spans over OTLP/HTTP; `off` (the default) loads no OpenTelemetry module. */
  tracing: TracingMode;
  /** OTEL_SERVICE_NAME (default public-scan): the traces' service.name. */
  serviceName: string;
}

export const TRACING_MODES = ["off", "otlp"] as const;
export type TracingMode = (typeof TRACING_MODES)[number];

export const OBSERVABILITY_USAGE = `Observability (docs/operations.md):
  PUBLIC_SCAN_LOG_LEVEL              fatal, error, warn, info (default), debug, trace or silent; JSON lines on stderr
  PUBLIC_SCAN_METRICS_PORT           serve Prometheus metrics at /metrics on this port (default: off; 0: any free port)
  PUBLIC_SCAN_METRICS_HOST           interface of the metrics port (default 127.0.0.1; no authentication: keep it private)
  PUBLIC_SCAN_TRACING                off (default) or otlp: OpenTelemetry spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT
                                     (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME)`;

/** The observability settings of a reference server process, from its environment; throws a clear Error on bad input. */
export function parseObservabilityConfig(env: Readonly<Record<string, string | undefined>>): ObservabilityConfig {
  const level = (env.PUBLIC_SCAN_LOG_LEVEL ?? "info").trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`PUBLIC_SCAN_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const port = env.PUBLIC_SCAN_METRICS_PORT ?? "";
  const metricsPort = port === "" ? null : Number(port);
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65_535)) {
    throw new Error("PUBLIC_SCAN_METRICS_PORT must be an integer from 0 to 65535");
  }
  const metricsHost = env.PUBLIC_SCAN_METRICS_HOST ?? "127.0.0.1";
  if (!/^[\w.:-]+$/.test(metricsHost)) throw new Error("PUBLIC_SCAN_METRICS_HOST must be a host name or an address");
  const tracing = (env.PUBLIC_SCAN_TRACING ?? "off").trim().toLowerCase();
  if (!(TRACING_MODES as readonly string[]).includes(tracing))
    throw new Error(`PUBLIC_SCAN_TRACING must be one of ${TRACING_MODES.join(", ")}`);
  const serviceName = (env.OTEL_SERVICE_NAME ?? "").trim() || "public-scan";
  return { logLevel: level as LogLevel, metricsPort, metricsHost, tracing: tracing as TracingMode, serviceName };
}
