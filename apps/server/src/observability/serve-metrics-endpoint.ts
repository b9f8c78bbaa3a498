import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

/**
 * The operator's metrics endpoint: GET /metrics in Prometheus' text format on its own port, never on the
 * public API's (it has no authentication; bind it to a private interface). Everything else is 404.
 */
export async function serveMetricsEndpoint(input: {
  registry: Registry;
  host: string;
  port: number;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: metrics are at /metrics\n");
      return;
    }
    input.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": input.registry.contentType }).end(request.method === "HEAD" ? undefined : text),
      () => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("metrics collection failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(input.port, input.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
