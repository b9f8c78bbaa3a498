import type { Duplex } from "node:stream";

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
