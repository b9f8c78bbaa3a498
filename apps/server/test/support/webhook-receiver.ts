import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver got: its headers and body as sent, never parsed by the receiver. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback for tests: records every request, answers 204 (or what `status()` says),
 * and resolves `next(predicate)` once a recorded request matches, polling within a stated bound.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    answer: (next: number) => void (status = next),
    async next(predicate: (webhook: ReceivedWebhook) => boolean, withinMs: number): Promise<ReceivedWebhook> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const found = received.find(predicate);
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`no matching webhook within ${withinMs} ms (${received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
