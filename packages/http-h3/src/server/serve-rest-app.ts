import { serve } from "srvx";

export interface ServeRestAppOptions {
  /** The REST app, or anything with its `fetch` (a host may bind the app after it knows its address). */
  app: { fetch: (request: Request) => Response | Promise<Response> };
  /** Interface to listen on (default 127.0.0.1: nothing is exposed unless the operator says so). */
  host?: string;
  /** Port (0 picks a free one). */
  port: number;
  /** Largest request body the server reads before the app sees it (the app has its own, smaller limit). */
  maxRequestBodySize?: number;
}

/**
 * Serves the REST app on Node with srvx. srvx's own `trustProxy` stays off: it knows only exact addresses
 * and rewrites `request.url`; the app resolves client addresses itself (CIDR ranges, the same on every
 * host). Signals are left to the caller, which must also stop the service (see the serve command).
 */
export async function serveRestApp(
  options: ServeRestAppOptions,
): Promise<{ url: string; close: (options?: { graceMs?: number }) => Promise<void> }> {
  const server = serve({
    fetch: (request) => options.app.fetch(request),
    hostname: options.host ?? "127.0.0.1",
    port: options.port,
    silent: true,
    gracefulShutdown: false,
    maxRequestBodySize: options.maxRequestBodySize ?? 1024 * 1024,
    // A client that sends its headers or body slowly (or promises more body than it sends) is cut off, so
    // it can neither hold a connection open for minutes nor stall a shutdown.
    node: { requestTimeout: 30_000, headersTimeout: 15_000 },
  });
  await server.ready();
  const url = server.url;
  if (url === undefined) throw new Error("the server did not report its address");
  return {
    url: url.replace(/\/$/, ""),
    /** Stops accepting connections and lets requests in flight finish for `graceMs` (default 10 s), then cuts them. */
    close: async (closeOptions = {}) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const graceful = server.close(false);
      const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), closeOptions.graceMs ?? 10_000)));
      if ((await Promise.race([graceful, timedOut])) === "timeout") await server.close(true);
      clearTimeout(timer);
    },
  };
}
