import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One OTLP/HTTP export the stub received. */
export interface ReceivedExport {
  readonly path: string;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** A span of an OTLP/HTTP JSON export, as much of it as the tests read. */
interface JsonSpan {
  name: string;
  spanId?: string;
  parentSpanId?: string;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}
interface JsonExport {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: Record<string, unknown> }> };
    scopeSpans?: Array<{ spans?: JsonSpan[] }>;
  }>;
}

/**
 * A stand-in for an OpenTelemetry Collector's OTLP/HTTP receiver on loopback: it answers every POST with 200
 * and keeps what it was sent, so a test can read the spans a process exported (JSON, as the exporter sends
 * them). Not a collector: it checks nothing of the protocol beyond the path and the body's JSON shape.
 * `silent`: it reads each export and never answers, as a collector that hangs.
 */
export async function startOtlpCollectorStub(options: { silent?: boolean } = {}): Promise<{
  readonly url: string;
  readonly received: readonly ReceivedExport[];
  /** Every span of every export, with its resource's attributes flattened to strings. */
  readonly spans: () => Array<{
    name: string;
    spanId: string;
    parentSpanId: string;
    attributes: Record<string, unknown>;
    resource: Record<string, unknown>;
  }>;
  close(): Promise<void>;
}> {
  const received: ReceivedExport[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        contentType: request.headers["content-type"] ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (options.silent === true) return;
      response.writeHead(request.method === "POST" ? 200 : 405, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const flatten = (attributes: Array<{ key: string; value: Record<string, unknown> }> = []) =>
    Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    spans: () =>
      received
        .filter((entry) => entry.path === "/v1/traces" && entry.contentType.startsWith("application/json"))
        .flatMap((entry) => (JSON.parse(entry.body) as JsonExport).resourceSpans ?? [])
        .flatMap((resourceSpans) =>
          (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
            (scope.spans ?? []).map((span) => ({
              name: span.name,
              spanId: span.spanId ?? "",
              parentSpanId: span.parentSpanId ?? "",
              attributes: flatten(span.attributes),
              resource: flatten(resourceSpans.resource?.attributes),
            })),
          ),
        ),
    close: () => {
      // A silent stub's connections stay open until they are cut.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
