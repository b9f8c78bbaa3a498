import type { Readable, Writable } from "node:stream";
import type { ConnectionTransport } from "puppeteer-core";

/**
 * The DevTools protocol over Chromium's `--remote-debugging-pipe` (fd 3 in, fd 4 out, messages ended by a
 * NUL byte). puppeteer's own pipe transport is internal to its launcher, which cannot start the browser as
 * another user, so a root service speaks the pipe itself. Why a pipe and not a port: the browser ends by
 * itself when the pipe closes, so it cannot outlive this process however the process dies (SIGKILL, OOM
 * kill, a forced exit), and no other local process can reach its DevTools endpoint.
 */
export function createPipeTransport(toBrowser: Writable, fromBrowser: Readable): ConnectionTransport {
  let pending: Buffer[] = [];
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
  const onData = (chunk: Buffer) => {
    if (chunk.indexOf(0) === -1) {
      pending.push(chunk);
      return;
    }
    const buffer = Buffer.concat([...pending, chunk]);
    let start = 0;
    for (let end = buffer.indexOf(0); end !== -1; end = buffer.indexOf(0, start)) {
      const message = buffer.toString("utf8", start, end);
      // Delivered on a later turn, in order, as puppeteer's transports do: its connection must not be
      // re-entered from inside a write.
      setImmediate(() => transport.onmessage?.(message));
      start = end + 1;
    }
    pending = start < buffer.length ? [buffer.subarray(start)] : [];
  };
  fromBrowser.on("data", onData);
  fromBrowser.once("close", () => transport.onclose?.());
  // A browser that died leaves a broken pipe: reported through close, never thrown at the process.
  toBrowser.on("error", () => undefined);
  fromBrowser.on("error", () => undefined);
  return transport;
}
