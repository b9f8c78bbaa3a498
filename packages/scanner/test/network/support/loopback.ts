import { type Server as HttpServer, createServer } from "node:http";
import { type AddressInfo, type Server, type Socket, connect, createServer as createTcpServer } from "node:net";

/** Listens on 127.0.0.1 (only ever loopback in these tests) on an ephemeral port; returns the port. */
export async function listenOnLoopback(server: Server | HttpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server | HttpServer): Promise<void> {
  if ("closeAllConnections" in server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listenOnLoopback(server);
  await closeServer(server);
  return port;
}

export interface EchoServer {
  port: number;
  /** Every server-side socket, to prove that the proxy closes what it opens. */
  sockets: Socket[];
  close(): Promise<void>;
}

/**
 * An HTTP server that answers with what it received (method, path, Host, header names, body length) as JSON, and
 * accepts websocket-style upgrades: it answers 101 and then echoes every byte back.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const sockets: Socket[] = [];
  const server = createServer((req, res) => {
    let bodyLength = 0;
    req.on("data", (chunk: Buffer) => (bodyLength += chunk.length));
    req.on("end", () => {
      const body = JSON.stringify({
        method: req.method,
        path: req.url,
        host: req.headers.host,
        headerNames: Object.keys(req.headers),
        bodyLength,
      });
      res.writeHead(200, { "content-type": "application/json", "set-cookie": ["a=1", "b=2"] });
      res.end(body);
    });
  });
  server.on("connection", (socket) => sockets.push(socket));
  server.on("upgrade", (req, socket) => {
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Seen-Host: ${req.headers.host}\r\n\r\n`,
    );
    socket.on("data", (chunk: Buffer) => socket.write(chunk));
    // HTTP server sockets allow half-open connections: close ours when the peer closes its side.
    socket.on("end", () => socket.end());
    socket.on("error", () => socket.destroy());
  });
  const port = await listenOnLoopback(server);
  return { port, sockets, close: () => closeServer(server) };
}

/** A raw TCP client to 127.0.0.1 that collects what it reads. */
export interface RawClient {
  socket: Socket;
  /** Resolves with everything read so far once `text` appears in it. */
  waitFor(text: string): Promise<string>;
  /** Resolves with everything read once the server closes the connection. */
  ended(): Promise<string>;
  received(): string;
}

export async function openRawClient(port: number): Promise<RawClient> {
  const socket = connect({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffer = "";
  const waiters: Array<() => void> = [];
  socket.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("latin1");
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on("error", () => undefined);
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(buffer)));
  const waitFor = async (text: string): Promise<string> => {
    while (!buffer.includes(text)) {
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), closed]);
      if (socket.destroyed && !buffer.includes(text))
        throw new Error(`connection closed before ${JSON.stringify(text)}; got ${JSON.stringify(buffer)}`);
    }
    return buffer;
  };
  return { socket, waitFor, ended: () => closed, received: () => buffer };
}
