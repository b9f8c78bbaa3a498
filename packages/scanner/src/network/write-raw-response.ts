import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

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
