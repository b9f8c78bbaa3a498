import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { admitTarget, connectUpstream, notify } from "./connect-upstream.js";
import type { EgressTarget } from "./egress-decision.js";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { toReportedHost } from "./parse-proxy-target.js";

export interface TunnelRequest {
  client: Duplex;
  /** The parsed target, or `undefined` when the request target was malformed (answered with 400). */
  target: EgressTarget | undefined;
  /** Bytes the client sent after the request head, forwarded first. */
  head: Buffer;
  /** Written to the client once the upstream is connected (CONNECT's 200 line). */
  toClient?: string;
  /** Written to the upstream before `head` (the head of a forwarded upgrade request). */
  toUpstream?: string;
}

/** What a client may send before its tunnel exists (a TLS hello is a few KiB); more is abuse. */
const MAX_EARLY_BYTES = 256 * 1024;

/**
 * The raw-socket path shared by CONNECT and upgrade requests: check the target, connect to the pinned
 * address, then splice the two sockets. Answers 400, 403 or 502 on the client socket when it cannot.
 */
export async function tunnelToTarget(context: EgressProxyContext, request: TunnelRequest): Promise<void> {
  const { client, target } = request;
  client.on("error", () => client.destroy());
  if (target === undefined) return writeRawResponse(client, { status: 400, message: "Malformed proxy request target." });

  // Read and hold what the client sends while the guard decides, rather than pausing the socket: a paused
  // socket would not notice that the client left, and the proxy would then connect on behalf of nobody.
  // A client that ends its side before the tunnel exists has left, for this purpose.
  const early: Buffer[] = [];
  let earlyBytes = 0;
  let gone = false;
  const hold = (chunk: Buffer) => {
    early.push(chunk);
    earlyBytes += chunk.length;
    if (earlyBytes > MAX_EARLY_BYTES) client.destroy();
  };
  const leave = () => {
    gone = true;
  };
  client.on("data", hold);
  client.once("end", leave);
  client.once("close", leave);
  // The HTTP server hands CONNECT and upgrade sockets over paused.
  client.resume();

  const admission = await admitTarget(context, target);
  if (gone) return void client.destroy();
  if (!admission.ok) return writeRawResponse(client, admission);
  let upstream;
  try {
    upstream = await connectUpstream(context, admission);
  } catch {
    if (gone) return void client.destroy();
    return writeRawResponse(client, { status: 502, message: "The upstream server is unreachable." });
  }
  if (gone) {
    upstream.destroy();
    client.destroy();
    return;
  }
  client.off("data", hold);
  client.off("end", leave);
  client.off("close", leave);
  notify(() => context.onConnect?.({ host: toReportedHost(target.host), port: target.port, address: admission.address }));
  if (request.toClient !== undefined) client.write(request.toClient);
  if (request.toUpstream !== undefined) upstream.write(request.toUpstream);
  for (const chunk of [request.head, ...early]) if (chunk.length > 0) upstream.write(chunk);
  spliceSockets(client, upstream);
}

/**
 * Pipes two sockets into each other. A clean end is passed on as an end (half-close, so nothing in flight
 * is lost); an error or an abrupt close on either side destroys both, so no socket outlives its partner.
 */
export function spliceSockets(a: Duplex, b: Duplex): void {
  const destroyBoth = () => {
    a.destroy();
    b.destroy();
  };
  const onClose = (other: Duplex) => () => {
    if (!other.writableEnded) other.destroy();
  };
  a.on("error", destroyBoth);
  b.on("error", destroyBoth);
  a.on("close", onClose(b));
  b.on("close", onClose(a));
  a.pipe(b);
  b.pipe(a);
}

/**
 * Answers on a raw client socket (CONNECT and upgrade requests have no ServerResponse) with a short plain
 * body, then closes. What the client already sent is drained first: closing a socket with unread input
 * resets the connection, and the client could lose the answer.
 */
export function writeRawResponse(socket: Duplex, response: { status: number; message: string }): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = `${response.message}\n`;
  const head = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
  ];
  socket.resume();
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
}
