import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import type { HttpRequest, HttpResponse } from "@smithy/core/protocols";

/** A protocol responder of the tests (e.g. createSecretsManagerProtocolResponder): what the SDK's requestHandler sees. */
interface ProtocolResponder {
  handle(request: HttpRequest): Promise<{ response: HttpResponse }>;
}

/**
 * Serves a protocol responder over HTTP on a loopback port, for a process the test cannot hand a
 * requestHandler to (a bundle in a fresh Node, pointed at it with the SDK's AWS_ENDPOINT_URL_<SERVICE>): the
 * same recorded response shapes, reached through the SDK's own HTTP client.
 */
export async function serveProtocolResponder(responder: ProtocolResponder): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      // The request as the SDK's requestHandler would see it: JSON protocols read the body, REST ones the method and path too.
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const request = {
        method: incoming.method,
        hostname: url.hostname,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: flatten(incoming.headers),
        body: Buffer.concat(chunks).toString("utf8"),
      } as unknown as HttpRequest;
      void responder.handle(request).then(({ response }) => {
        outgoing.writeHead(response.statusCode, response.headers);
        (response.body as Readable).pipe(outgoing);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value ?? ""].flat().join(", ")]));
}
