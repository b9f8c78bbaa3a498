import { connect, type Socket } from "node:net";
import type { EgressTarget } from "./egress-decision.js";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { toReportedHost } from "./parse-proxy-target.js";

export type Admission = { ok: true; address: string; family: 4 | 6; port: number } | { ok: false; status: 403 | 502; message: string };

/**
 * Runs the guard for one proxied target and reports a refusal. The answer names the refusal code only:
 * the browser shows it to nobody, and a code is what a reviewer needs to tell policy from outage.
 */
export async function admitTarget(context: EgressProxyContext, target: EgressTarget): Promise<Admission> {
  let decision;
  try {
    decision = await context.guard.check(target);
  } catch {
    return { ok: false, status: 502, message: "The egress check failed." };
  }
  if (decision.allowed) return { ok: true, address: decision.address, family: decision.family, port: decision.port };
  notify(() => context.onRefused?.({ host: toReportedHost(target.host), port: target.port, reason: decision.reason }));
  return { ok: false, status: 403, message: `Refused by the egress policy (${decision.reason}).` };
}

/** An observer's exception must not take a connection (or the process) down with it. */
export function notify(call: () => void): void {
  try {
    call();
  } catch {
    // The observer's problem; the proxy carries on.
  }
}

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
