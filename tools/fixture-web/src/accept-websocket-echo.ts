import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/** RFC 6455 section 1.3: the GUID a server appends to the client's key to prove it speaks WebSocket. */
const WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
const OPCODE = { text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;
/** Echo servers need no large messages; a bigger frame is a misbehaving client. */
const MAX_PAYLOAD = 1 << 20;

/**
 * Completes a WebSocket handshake and echoes every text and binary message, answers pings and closes
 * cleanly: the "live updates" channel of a SaaS page. Written by hand (a few dozen lines of RFC 6455) so
 * the package needs no WebSocket library. Returns false, touching nothing, when the request is not a
 * valid version-13 upgrade.
 */
export function acceptWebSocketEcho(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const key = request.headers["sec-websocket-key"];
  if (
    request.headers.upgrade?.toLowerCase() !== "websocket" ||
    typeof key !== "string" ||
    request.headers["sec-websocket-version"] !== "13"
  )
    return false;

  const accept = createHash("sha1")
    .update(key + WEBSOCKET_GUID)
    .digest("base64");
  socket.write(
    ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade", `Sec-WebSocket-Accept: ${accept}`, "", ""].join(
      "\r\n",
    ),
  );

  let buffered = head;
  const onData = (chunk: Buffer): void => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const frame = readFrame(buffered);
      if (frame === undefined) return;
      if (frame === "invalid") {
        socket.destroy();
        return;
      }
      buffered = buffered.subarray(frame.length);
      if (frame.opcode === OPCODE.text || frame.opcode === OPCODE.binary) socket.write(writeFrame(frame.opcode, frame.payload));
      else if (frame.opcode === OPCODE.ping) socket.write(writeFrame(OPCODE.pong, frame.payload));
      else if (frame.opcode === OPCODE.close) {
        socket.end(writeFrame(OPCODE.close, frame.payload.subarray(0, 2)));
        return;
      }
    }
  };
  socket.on("data", onData);
  socket.on("error", () => socket.destroy());
  if (head.length > 0) onData(Buffer.alloc(0));
  return true;
}

interface Frame {
  opcode: number;
  payload: Buffer;
  /** Bytes the whole frame took. */
  length: number;
}

/** One complete frame from the start of `data`, undefined if more bytes are needed. Fragments are not used by browsers' small messages and are treated as whole. */
function readFrame(data: Buffer): Frame | "invalid" | undefined {
  if (data.length < 2) return undefined;
  const opcode = data[0]! & 0x0f;
  const masked = (data[1]! & 0x80) !== 0;
  let length = data[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (data.length < 4) return undefined;
    length = data.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (data.length < 10) return undefined;
    const big = data.readBigUInt64BE(2);
    if (big > BigInt(MAX_PAYLOAD)) return "invalid";
    length = Number(big);
    offset = 10;
  }
  // Clients must mask (RFC 6455 5.1); an unmasked client frame is a protocol error.
  if (!masked || length > MAX_PAYLOAD) return "invalid";
  if (data.length < offset + 4 + length) return undefined;
  const mask = data.subarray(offset, offset + 4);
  const payload = Buffer.from(data.subarray(offset + 4, offset + 4 + length));
  for (let index = 0; index < payload.length; index++) payload[index] = payload[index]! ^ mask[index % 4]!;
  return { opcode, payload, length: offset + 4 + length };
}

/** A single unmasked, final frame, as servers send them. */
function writeFrame(opcode: number, payload: Buffer): Buffer {
  const header =
    payload.length < 126
      ? Buffer.from([0x80 | opcode, payload.length])
      : payload.length < 65_536
        ? Buffer.from([0x80 | opcode, 126, payload.length >> 8, payload.length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(payload.length)]);
  return Buffer.concat([header, payload]);
}

function bigLength(length: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(length));
  return buffer;
}
