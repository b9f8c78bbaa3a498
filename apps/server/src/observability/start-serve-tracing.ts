import { createRequire } from "node:module";
import { diag, DiagLogLevel } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, resourceAttributesEnvDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { createTracingObserver, type TracingObserver } from "./create-tracing-observer.js";

/** The resource attribute naming the process's role (`all`, `api`, `worker`): the one service, in several kinds of process. */
export const ROLE_ATTRIBUTE = "public_scan.role";

/** How long closing waits for the last spans to leave, so a collector that does not answer never holds up a shutdown. */
export const TRACING_CLOSE_TIMEOUT_MS = 3_000;

// @public-scan/server's release version (all @public-scan packages are released together); from src/ and dist/ alike.
const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export interface ServeTracing {
  readonly observer: TracingObserver;
  /** Ends the open scan spans and sends what is buffered, for at most `closeTimeoutMs`; then stops the exporter. */
  close(): Promise<void>;
}

/**
 * OpenTelemetry traces of one reference server process (PUBLIC_SCAN_TRACING=otlp). This module is imported
 * only when tracing is on, so a server without it loads no OpenTelemetry code. The exporter is OTLP/HTTP
 * (JSON), which reads OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS
 * and OTEL_EXPORTER_OTLP_TIMEOUT itself; spans leave in batches. The SDK's own complaints (a collector that
 * refuses or does not answer) go to `warn`, which the caller redacts.
 */
export function startServeTracing(input: {
  serviceName: string;
  role: string;
  warn: (line: string) => void;
  /** The spans' destination; OTLP/HTTP unless a test gives its own. */
  exporter?: SpanExporter;
  closeTimeoutMs?: number;
}): ServeTracing {
  const report = (message: string, ...args: unknown[]) => input.warn(`tracing: ${[message, ...args.map(String)].join(" ")}`);
  diag.setLogger(
    {
      error: report,
      warn: report,
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
  // OTEL_RESOURCE_ATTRIBUTES may add attributes (deployment.environment, ...); the service's own come last and win.
  const resource = detectResources({ detectors: [resourceAttributesEnvDetector] }).merge(
    resourceFromAttributes({ [ATTR_SERVICE_NAME]: input.serviceName, [ATTR_SERVICE_VERSION]: version, [ROLE_ATTRIBUTE]: input.role }),
  );
  const provider = new TracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor({ exporter: input.exporter ?? new OTLPTraceExporter() })],
  });
  const observer = createTracingObserver({ tracer: provider.getTracer("@public-scan/server", version) });
  const timeoutMs = input.closeTimeoutMs ?? TRACING_CLOSE_TIMEOUT_MS;
  return {
    observer,
    close: async () => {
      observer.endOpenSpans();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      const shutdown = provider.shutdown().then(
        () => "done" as const,
        (error: unknown) => {
          input.warn(`tracing: shutdown failed: ${String(error)}`);
          return "done" as const;
        },
      );
      if ((await Promise.race([shutdown, timedOut])) === "timeout") {
        input.warn(`tracing: spans not sent within ${timeoutMs} ms of shutdown; dropped`);
      }
      clearTimeout(timer);
      diag.disable();
    },
  };
}
