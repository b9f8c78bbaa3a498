import { type Socket, connect } from "node:net";
import type { EgressProxyContext } from "./egress-proxy-context.js";

export interface UpstreamTarget {
  address: string;
  family: 4 | 6;
  port: number;
}

/**
 * Opens a TCP connection to the guard's pinned address, never to a name (a second resolution could answer
 * differently: DNS rebinding). Rejects on error, on the connect timeout, or when the proxy is closing.
 */
export function connectUpstream(context: EgressProxyContext, target: UpstreamTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.address, port: target.port, family: target.family });
    if (!context.track(socket)) {
      socket.destroy();
      reject(new Error("The proxy is closing."));
      return;
    }
    socket.setTimeout(context.connectTimeoutMs, () => socket.destroy(new Error("Upstream connect timed out.")));
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.off("error", reject);
      // Later errors are handled by whoever pipes the socket; this keeps a stray one from crashing the process.
      socket.on("error", () => socket.destroy());
      resolve(socket);
    });
  });
}
