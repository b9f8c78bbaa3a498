import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { acceptWebSocketEcho } from "./accept-websocket-echo.js";
import { virtualHostName } from "./virtual-host-name.js";
import type { VirtualHost } from "./virtual-host.js";

/** Upgrade requests (WebSockets) on both sides of the port: echo where a host declares the path, else a plain refusal. */
export function createUpgradeHandler(
  hosts: ReadonlyMap<string, VirtualHost>,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (request, socket, head) => {
    socket.on("error", () => socket.destroy());
    const name = virtualHostName(request);
    const host = name === undefined ? undefined : hosts.get(name);
    const path = new URL(request.url ?? "/", "http://upgrade.invalid").pathname;
    if (host?.websocketPaths?.includes(path) === true && acceptWebSocketEcho(request, socket, head)) return;
    const status = host === undefined || host.websocketPaths?.includes(path) !== true ? "404 Not Found" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };
}
