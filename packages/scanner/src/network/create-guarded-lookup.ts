import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import type { EgressGuard } from "./create-egress-guard.js";
import type { EgressRefusal } from "./egress-decision.js";

type LookupCallback = Parameters<LookupFunction>[2];

/** `dns.lookup`'s shapes: `(host, callback)`, `(host, family, callback)` and `(host, options, callback)`. */
export interface GuardedLookup extends LookupFunction {
  (hostname: string, callback: LookupCallback): void;
  (hostname: string, family: number, callback: LookupCallback): void;
}

/** The error a refused lookup fails with; `reason` says why, `hostname` is the name that was asked for. */
export interface EgressRefusedError extends NodeJS.ErrnoException {
  code: "EGRESS_REFUSED";
  reason: EgressRefusal;
  hostname: string;
}

/**
 * A `lookup` for `net.connect`, `tls.connect`, `http.request` and agents that answers with the guard's
 * pinned address, or fails with `code: "EGRESS_REFUSED"`. Two limits to know: Node never calls `lookup`
 * for an IP-literal host (`http://127.0.0.1/`, or `http://2130706433/` once the URL parser has normalised
 * it), so callers must run `guard.check` themselves for literals; and a lookup cannot change the port, so
 * a resolve rule's port override is only honoured by callers that use `guard.check`'s `port`.
 */
export function createGuardedLookup(guard: EgressGuard): GuardedLookup {
  function guardedLookup(
    hostname: string,
    optionsOrCallback: LookupOptions | number | LookupCallback,
    maybeCallback?: LookupCallback,
  ): void {
    const callback = typeof optionsOrCallback === "function" ? optionsOrCallback : maybeCallback;
    if (callback === undefined) throw new TypeError("lookup: a callback is required");
    const options =
      typeof optionsOrCallback === "object" ? optionsOrCallback : { family: typeof optionsOrCallback === "number" ? optionsOrCallback : 0 };
    const wantedFamily = toFamilyNumber(options.family);

    guard.check({ host: hostname, port: 0 }).then(
      (decision) => {
        if (!decision.allowed) return callback(refusedError(hostname, decision.reason), "");
        if (wantedFamily !== 0 && wantedFamily !== decision.family) {
          return callback(
            Object.assign(new Error(`lookup: no IPv${wantedFamily} address allowed for ${hostname}`), { code: "ENOTFOUND", hostname }),
            "",
          );
        }
        const address: LookupAddress = { address: decision.address, family: decision.family };
        if (options.all === true) callback(null, [address]);
        else callback(null, address.address, address.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error("lookup: egress check failed"), ""),
    );
  }
  return guardedLookup;
}

function toFamilyNumber(family: LookupOptions["family"]): 0 | 4 | 6 {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return 0;
}

function refusedError(hostname: string, reason: EgressRefusal): EgressRefusedError {
  return Object.assign(new Error(`Egress refused for ${hostname} (${reason})`), { code: "EGRESS_REFUSED" as const, reason, hostname });
}
