import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const PAGE_DIR = fileURLToPath(new URL(".", import.meta.url));
/** The typed client's built ES modules (`pnpm build`), served as they are under /client/. */
export const CLIENT_DIST = fileURLToPath(new URL("../../packages/client/dist/", import.meta.url));
/** The API origin written in index.html's connect-src and form: `pnpm serve` on this machine. */
export const DEFAULT_API_ORIGIN = "http://127.0.0.1:8787";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};
const PAGE_FILES = new Set(["/index.html", "/app.js", "/style.css"]);

/** The file a request path names, or null: the page's own files, and the client's under /client/, nothing else. */
function fileFor(path: string): string | null {
  if (path === "/") return join(PAGE_DIR, "index.html");
  if (PAGE_FILES.has(path)) return join(PAGE_DIR, path);
  if (!path.startsWith("/client/")) return null;
  // CLIENT_DIST ends with a separator: a path that climbs out of it (an encoded "..") is refused.
  const file = normalize(join(CLIENT_DIST, path.slice("/client/".length)));
  return file.startsWith(CLIENT_DIST) ? file : null;
}

/**
 * Serves the page on 127.0.0.1, on another origin than the API (the REST API answers cross-origin reads
 * with CORS headers). `apiOrigin` is written into the page's connect-src, as a deployment writes its own.
 */
export async function servePage(options: { apiOrigin: string; port?: number }) {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    requested.push(path);
    let file: string | null = null;
    try {
      file = fileFor(decodeURIComponent(path));
    } catch {
      // A malformed escape names no file.
    }
    if (file === null || request.method !== "GET") {
      response.writeHead(404).end();
      return;
    }
    readFile(file, "utf8").then(
      (text) => {
        const body = file.endsWith(".html") ? text.replaceAll(DEFAULT_API_ORIGIN, options.apiOrigin) : text;
        response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** Every path the browser asked for, in order. */
    requested,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
