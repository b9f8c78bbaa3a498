import type { EgressProxyContext } from "./egress-proxy-context.js";
import type { EgressTarget } from "./egress-decision.js";
import { toReportedHost } from "./to-reported-host.js";

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
