import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import type { EgressGuard } from "./create-egress-guard.js";
import type { EgressConnectEvent, EgressProxyContext, EgressRefusedEvent } from "./egress-proxy-context.js";
import { forwardHttpRequest, toForwardedHeaders } from "./forward-http-request.js";
import { parseAuthority, parseProxyTarget } from "./parse-proxy-target.js";
import { tunnelToTarget } from "./tunnel-to-target.js";

export interface EgressProxyOptions {
  guard: EgressGuard;
  onRefused?: (event: EgressRefusedEvent) => void;
  onConnect?: (event: EgressConnectEvent) => void;
  /** How long an upstream TCP connect may take. Default: 10 s. */
  connectTimeoutMs?: number;
}

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's `--proxy-server` (with `--proxy-bypass-list=<-loopback>`). */
  url: string;
  port: number;
  /** Stops listening and destroys every open client and upstream socket. */
  close(): Promise<void>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * An HTTP forward proxy on 127.0.0.1 (ephemeral port) through which the browser makes every request, so
 * that the egress guard sees redirects, subresources, iframes, workers and websockets alike, and Chromium
 * never resolves a name itself. It handles CONNECT tunnels (https, wss, ws) and absolute-form requests
 * (http, and ws upgrades from clients that send them so). It logs nothing; events carry host and port only.
 */
export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const sockets = new Set<Duplex>();
  let closing = false;
  const context: EgressProxyContext = {
    guard: options.guard,
    onRefused: options.onRefused,
    onConnect: options.onConnect,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    track(socket) {
      if (closing) return false;
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      return true;
    },
  };

  // CONNECT requests need not carry a Host header; the target is the request line.
  const server = createServer({ requireHostHeader: false });
  server.on("connection", (socket) => {
    if (!context.track(socket)) socket.destroy();
  });
  server.on("request", (req, res) => {
    forwardHttpRequest(context, req, res).catch(() => res.destroy());
  });
  server.on("connect", (req, socket, head) => {
    handleConnect(context, { req, socket, head }).catch(() => socket.destroy());
  });
  server.on("upgrade", (req, socket, head) => {
    forwardUpgrade(context, { req, socket, head }).catch(() => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A late server error (for example a failed accept) must not crash the scan; the clients see a reset.
  server.on("error", () => undefined);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * `CONNECT host:port`: how browsers reach https:// and wss:// (and, through a proxy, ws://) origins. The
 * tunnel carries TLS end to end; the proxy sees only the host and port.
 */
export function handleConnect(context: EgressProxyContext, request: { req: IncomingMessage; socket: Duplex; head: Buffer }): Promise<void> {
  return tunnelToTarget(context, {
    client: request.socket,
    target: parseAuthority(request.req.url ?? ""),
    head: request.head,
    toClient: "HTTP/1.1 200 Connection Established\r\n\r\n",
  });
}

/**
 * An absolute-form upgrade request (`GET http://host/chat` with `Upgrade: websocket`): the handshake is
 * forwarded on a raw upstream socket, and after it both sides talk through the spliced sockets.
 */
export function forwardUpgrade(
  context: EgressProxyContext,
  request: { req: IncomingMessage; socket: Duplex; head: Buffer },
): Promise<void> {
  const { req } = request;
  const target = parseProxyTarget(req.url ?? "");
  const headers = toForwardedHeaders(req.rawHeaders, { host: target?.hostHeader ?? "", keepUpgrade: true });
  const lines = [`${req.method ?? "GET"} ${target?.path ?? "/"} HTTP/1.1`];
  for (let index = 0; index + 1 < headers.length; index += 2) lines.push(`${headers[index]}: ${headers[index + 1]}`);
  return tunnelToTarget(context, {
    client: request.socket,
    target,
    head: request.head,
    toUpstream: `${lines.join("\r\n")}\r\n\r\n`,
  });
}
