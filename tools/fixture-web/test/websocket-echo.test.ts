import { randomBytes } from "node:crypto";
import { connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { describe, expect, it } from "vitest";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

/** A minimal WebSocket client: the handshake and masked frames, over a socket to 127.0.0.1. */
async function openWebSocket(options: {
  socket: Socket;
  host: string;
  path: string;
}): Promise<{ status: string; receive(): Promise<Buffer>; send(opcode: number, payload: Buffer): void }> {
  const { socket } = options;
  let buffered = Buffer.alloc(0);
  const waiters: Array<() => void> = [];
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiters.splice(0).forEach((wake) => wake());
  });
  const more = () => new Promise<void>((resolve) => waiters.push(resolve));

  const key = randomBytes(16).toString("base64");
  socket.write(
    [
      `GET ${options.path} HTTP/1.1`,
      `Host: ${options.host}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      `Sec-WebSocket-Key: ${key}`,
      "Sec-WebSocket-Version: 13",
      "",
      "",
    ].join("\r\n"),
  );
  while (!buffered.includes("\r\n\r\n")) await more();
  const end = buffered.indexOf("\r\n\r\n") + 4;
  const status = buffered.subarray(0, buffered.indexOf("\r\n")).toString();
  buffered = buffered.subarray(end);

  return {
    status,
    send(opcode, payload) {
      const mask = randomBytes(4);
      const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]!));
      socket.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]));
    },
    async receive() {
      while (buffered.length < 2 || buffered.length < 2 + (buffered[1]! & 0x7f)) await more();
      const length = buffered[1]! & 0x7f;
      const frame = buffered.subarray(0, 2 + length);
      buffered = buffered.subarray(2 + length);
      return frame;
    },
  };
}

describe("metrics-hub WebSocket /live", () => {
  const web = useFixtureWeb();
  const secureSocket = async (host: string): Promise<Socket> => {
    const socket = tlsConnect({ host: "127.0.0.1", port: web().port, servername: host, ca: web().caCertPem });
    await new Promise<void>((resolve, reject) => {
      socket.once("secureConnect", resolve);
      socket.once("error", reject);
    });
    return socket;
  };

  it("accepts the upgrade over TLS, echoes text, answers a ping and closes cleanly", async () => {
    const socket = await secureSocket("www.metrics-hub.test");
    try {
      const ws = await openWebSocket({ socket, host: "www.metrics-hub.test", path: "/live?session=x" });
      expect(ws.status).toBe("HTTP/1.1 101 Switching Protocols");
      ws.send(0x1, Buffer.from('{"type":"subscribe"}'));
      const echo = await ws.receive();
      expect(echo[0]).toBe(0x81);
      expect(echo.subarray(2).toString()).toBe('{"type":"subscribe"}');
      ws.send(0x9, Buffer.from("hb"));
      expect([...(await ws.receive())]).toEqual([0x8a, 2, ...Buffer.from("hb")]);
      ws.send(0x8, Buffer.from([0x03, 0xe8]));
      expect([...(await ws.receive())]).toEqual([0x88, 2, 0x03, 0xe8]);
    } finally {
      socket.destroy();
    }
  });

  it("accepts it over plain HTTP too (ws://), on the same port", async () => {
    const socket = netConnect({ host: "127.0.0.1", port: web().port });
    try {
      const ws = await openWebSocket({ socket, host: "www.metrics-hub.test", path: "/live" });
      expect(ws.status).toBe("HTTP/1.1 101 Switching Protocols");
      ws.send(0x1, Buffer.from("ping"));
      expect((await ws.receive()).subarray(2).toString()).toBe("ping");
    } finally {
      socket.destroy();
    }
  });

  it("refuses upgrades on other paths and other hosts with 404", async () => {
    for (const [host, path] of [
      ["www.metrics-hub.test", "/other"],
      ["www.quiet-bakery.test", "/live"],
    ] as const) {
      const socket = await secureSocket(host);
      try {
        expect((await openWebSocket({ socket, host, path })).status, `${host}${path}`).toBe("HTTP/1.1 404 Not Found");
      } finally {
        socket.destroy();
      }
    }
  });
});
