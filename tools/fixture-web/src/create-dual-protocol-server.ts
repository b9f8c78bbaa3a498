import { type Server as HttpServer } from "node:http";
import { type Server as HttpsServer } from "node:https";
import { createServer, type Server, type Socket } from "node:net";

/** First byte of a TLS record carrying a handshake: every TLS connection starts with one. */
const TLS_HANDSHAKE = 0x16;

export interface DualProtocolServer {
  server: Server;
  /** Destroys every connection (idle keep-alives, open WebSockets, half-sniffed sockets) and stops listening. */
  close(): Promise<void>;
}

/**
 * One TCP listener for both HTTP and HTTPS, so the scanner needs one resolve rule (`*=127.0.0.1:<port>`)
 * for `http://` and `https://` URLs alike. It peeks at the first byte of each connection: a TLS handshake
 * goes to the HTTPS server, anything else to the HTTP server. Neither server listens itself.
 */
export function createDualProtocolServer(options: { http: HttpServer; https: HttpsServer }): DualProtocolServer {
  // Every raw socket, including those not yet sniffed or already upgraded: server.close() alone would
  // wait for them forever.
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    // A client that resets mid-handshake must not take the process down.
    socket.on("error", () => socket.destroy());
    socket.once("data", (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      const target = first[0] === TLS_HANDSHAKE ? options.https : options.http;
      target.emit("connection", socket);
      // The server installed its own listeners; let the unshifted bytes flow to them.
      process.nextTick(() => socket.resume());
    });
  });
  // A client that rejects the certificate (one that does not trust the CA) ends up here: drop it quietly.
  options.https.on("tlsClientError", (_error, socket) => socket.destroy());

  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        for (const socket of sockets) socket.destroy();
        options.http.closeAllConnections();
        options.https.closeAllConnections();
      }),
  };
}
