import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A page to serve: its HTML and, unless null, the Content-Security-Policy header to send with it. */
export interface ServedPage {
  html: string;
  contentSecurityPolicy: string | null;
}

export interface PageServer {
  origin: string;
  /** How many times each path was requested (the pending page's reload is counted this way). */
  hits(path: string): number;
  close(): Promise<void>;
}

/**
 * Serves fixed pages from 127.0.0.1 on a free port, as the report route would: HTML with its policy header.
 * Anything else (the browser's favicon request) is a plain 404.
 */
export async function servePages(pages: Readonly<Record<string, ServedPage>>): Promise<PageServer> {
  const counts = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const page = pages[path];
    if (page === undefined) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...(page.contentSecurityPolicy === null ? {} : { "content-security-policy": page.contentSecurityPolicy }),
    });
    response.end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
