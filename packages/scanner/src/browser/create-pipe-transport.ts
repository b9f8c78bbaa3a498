import type { Readable, Writable } from "node:stream";
import type { ConnectionTransport } from "puppeteer-core";

/**
 * The longest message the scanner takes from the browser. The scanner asks for nothing big (no response
 * bodies, screenshots or DOM snapshots; page-side reads return a few kilobytes), so only a page can make a
 * message this long: a giant console message, exception, WebSocket frame or URL. Far below V8's longest
 * string (2^29 - 24 characters), and small enough that parsing one never stalls the event loop for long.
 */
export const MAX_BROWSER_MESSAGE_BYTES = 32 * 1024 * 1024;

/** A message from the browser that was longer than the cap: dropped unread, with what its ends said. */
export interface OversizedMessage {
  bytes: number;
  /** The session it was for (the tab, frame or worker that produced it), when the message's end named one. */
  sessionId: string | null;
  /** The command it answered (that command was failed at once), or null for an event. */
  id: number | null;
  /** The event's name, e.g. `Runtime.consoleAPICalled`, when its start named one. */
  method: string | null;
}

export interface PipeTransportOptions {
  /** Default `MAX_BROWSER_MESSAGE_BYTES`. */
  maxMessageBytes?: number;
  /** Told about each message over the cap, after it was dropped. */
  onOversized?: (message: OversizedMessage) => void;
}

/** How much of each end of an oversized message is kept to tell what it was. */
const EDGE_BYTES = 256;

/**
 * The DevTools protocol over Chromium's `--remote-debugging-pipe` (fd 3 in, fd 4 out, messages ended by a
 * NUL byte). puppeteer's own pipe transport is internal to its launcher, which cannot start the browser as
 * another user, so a root service speaks the pipe itself. Why a pipe and not a port: the browser ends by
 * itself when the pipe closes, so it cannot outlive this process however the process dies (SIGKILL, OOM
 * kill, a forced exit), and no other local process can reach its DevTools endpoint.
 *
 * Every message has a byte cap: past it the bytes are counted and dropped as they arrive, never buffered or
 * decoded, so no page can make this process build a string too long for V8 (which ends the process) or
 * parse hundreds of megabytes on its event loop. An oversized answer to a command fails that command at
 * once, so no caller waits for it; the owner hears of every oversized message through `onOversized`.
 */
export function createPipeTransport(toBrowser: Writable, fromBrowser: Readable, options: PipeTransportOptions = {}): ConnectionTransport {
  const cap = options.maxMessageBytes ?? MAX_BROWSER_MESSAGE_BYTES;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversized: { bytes: number; head: Buffer; tail: Buffer } | null = null;
  let closed = false;
  const transport: ConnectionTransport = {
    send(message) {
      if (closed) return;
      toBrowser.write(message);
      toBrowser.write("\0");
    },
    close() {
      closed = true;
      fromBrowser.off("data", onData);
    },
  };
  // Delivered on a later turn, in order, as puppeteer's transports do: its connection must not be re-entered
  // from inside a write.
  const deliver = (message: string) => setImmediate(() => transport.onmessage?.(message));

  const append = (piece: Buffer) => {
    if (oversized !== null) {
      oversized.bytes += piece.length;
      oversized.tail = lastBytes(oversized.tail, piece);
      return;
    }
    if (pendingBytes + piece.length <= cap) {
      pending.push(piece);
      pendingBytes += piece.length;
      return;
    }
    const head = Buffer.concat([...pending, piece.subarray(0, EDGE_BYTES)]).subarray(0, EDGE_BYTES);
    oversized = { bytes: pendingBytes + piece.length, head, tail: lastBytes(Buffer.alloc(0), piece) };
    pending = [];
    pendingBytes = 0;
  };

  const finish = () => {
    if (oversized !== null) {
      const dropped = describeOversized(oversized);
      oversized = null;
      if (dropped.id !== null) deliver(JSON.stringify(failedAnswer(dropped, cap)));
      options.onOversized?.(dropped);
      return;
    }
    const message = Buffer.concat(pending, pendingBytes).toString("utf8");
    pending = [];
    pendingBytes = 0;
    deliver(message);
  };

  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      if (end > start) append(chunk.subarray(start, end));
      finish();
      start = end + 1;
    }
    if (start < chunk.length) append(chunk.subarray(start));
  };
  fromBrowser.on("data", onData);
  fromBrowser.once("close", () => transport.onclose?.());
  // A browser that died leaves a broken pipe: reported through close, never thrown at the process.
  toBrowser.on("error", () => undefined);
  fromBrowser.on("error", () => undefined);
  return transport;
}

/** The last `EDGE_BYTES` of `before` followed by `piece`. */
function lastBytes(before: Buffer, piece: Buffer): Buffer {
  if (piece.length >= EDGE_BYTES) return Buffer.from(piece.subarray(piece.length - EDGE_BYTES));
  const joined = Buffer.concat([before, piece]);
  return Buffer.from(joined.subarray(Math.max(0, joined.length - EDGE_BYTES)));
}

/**
 * What an oversized message was, from its two ends. Chromium writes a command's answer as `{"id":N,...}` and
 * an event as `{"method":"...",...}`, and appends `"sessionId":"..."` last: the ends say it all.
 */
function describeOversized(message: { bytes: number; head: Buffer; tail: Buffer }): OversizedMessage {
  const head = message.head.toString("latin1");
  const tail = message.tail.toString("latin1");
  const id = /^\{"id":(\d{1,15})[,}]/.exec(head)?.[1];
  return {
    bytes: message.bytes,
    sessionId: /"sessionId":"([0-9A-Za-z]{1,64})"\}\s*$/.exec(tail)?.[1] ?? null,
    id: id === undefined ? null : Number(id),
    method: /^\{"method":"([A-Za-z]{1,40}\.[A-Za-z]{1,60})"/.exec(head)?.[1] ?? null,
  };
}

/** A protocol error answer in place of a dropped one, so the command's caller fails now instead of waiting. */
function failedAnswer(dropped: OversizedMessage, cap: number) {
  return {
    id: dropped.id,
    ...(dropped.sessionId === null ? {} : { sessionId: dropped.sessionId }),
    error: { code: -32000, message: `The browser's answer was longer than ${cap} bytes and was dropped.` },
  };
}
