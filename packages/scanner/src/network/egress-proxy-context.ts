import type { Duplex } from "node:stream";
import type { EgressGuard } from "./create-egress-guard.js";
import type { EgressRefusal } from "./egress-decision.js";

/** A refused target, reported without path or query (they never reach the proxy's events). */
export interface EgressRefusedEvent {
  host: string;
  port: number;
  reason: EgressRefusal;
}

/** An upstream connection the proxy opened: the requested host and port, and the pinned address. */
export interface EgressConnectEvent {
  host: string;
  port: number;
  address: string;
}

/** What the proxy's handlers share. */
export interface EgressProxyContext {
  guard: EgressGuard;
  onRefused?: ((event: EgressRefusedEvent) => void) | undefined;
  onConnect?: ((event: EgressConnectEvent) => void) | undefined;
  connectTimeoutMs: number;
  /** Registers a socket for `close()` to destroy; false once the proxy is closing (destroy it then). */
  track(socket: Duplex): boolean;
}
