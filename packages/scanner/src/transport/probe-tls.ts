import { isIP } from "node:net";
import { checkServerIdentity, connect, type PeerCertificate, type TLSSocket } from "node:tls";
import type { ProbeCertificate } from "@public-scan/core";
import type { EgressGuard, EgressRefusal } from "../network/index.js";
import type { ProbeTarget } from "./probe-target.js";
import { summarizeCertificate } from "./summarize-certificate.js";
import { toConnectFailure, type ConnectFailure } from "./to-connect-failure.js";
import { checkWithin } from "./check-within.js";

export interface ProbeTlsOptions {
  target: ProbeTarget;
  guard: EgressGuard;
  /** Trust anchors; default Node's. Pass the system roots plus `extraCaCerts` to trust both. */
  ca?: readonly string[];
  /** Longest wait for the whole handshake. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export type TlsProbeResult =
  | { kind: "handshake"; certificate: ProbeCertificate }
  | ConnectFailure
  | { kind: "refused"; reason: EgressRefusal }
  | { kind: "timed_out" };

const AUTHORIZATION_ERROR = /^[A-Z][A-Z0-9_]{0,63}$/;
/** Errors that leave the chain verified (only the date is wrong): the issuer is still a trusted CA's name. */
const DATE_ONLY_ERRORS = new Set(["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"]);

/**
 * One TLS handshake with the target, as a first-time visitor's browser would start it (SNI set), then
 * closed without a byte of HTTP: no request, no cookie. The egress guard decides first and pins the
 * address, and the socket connects to that address only, so a name that rebinds to a private address
 * cannot be reached. The certificate is read whatever its state (`rejectUnauthorized: false`) and Node's
 * verdict is kept as `authorized` and the error code. Never throws.
 */
export async function probeTls(options: ProbeTlsOptions): Promise<TlsProbeResult> {
  // Without IPv6 brackets: the form SNI and the name check take.
  const host = options.target.host.replace(/^\[(.*)\]$/, "$1");
  const decision = await checkWithin(options.guard, {
    target: options.target,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (decision === "timed_out") return { kind: "timed_out" };
  if (decision === null) return { kind: "failed", reason: "probe_error" };
  if (!decision.allowed) return { kind: "refused", reason: decision.reason };
  if (options.signal?.aborted === true) return { kind: "timed_out" };

  return new Promise<TlsProbeResult>((resolve) => {
    let settled = false;
    const socket: TLSSocket = connect({
      host: decision.address,
      port: decision.port,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ...(options.ca === undefined ? {} : { ca: [...options.ca] }),
      rejectUnauthorized: false,
      // The name is checked against the visitor's host, never the pinned address.
      checkServerIdentity: (_name, certificate) => checkServerIdentity(host, certificate),
    });
    const finish = (result: TlsProbeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve(result);
    };
    const onAbort = () => finish({ kind: "timed_out" });
    const timer = setTimeout(onAbort, options.timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    socket.once("error", (error) => finish(toConnectFailure(error)));
    socket.once("secureConnect", () => {
      try {
        finish({ kind: "handshake", certificate: readCertificate(socket, host) });
      } catch {
        finish({ kind: "failed", reason: "probe_error" });
      }
    });
  });
}

function readCertificate(socket: TLSSocket, host: string): ProbeCertificate {
  const peer: Partial<PeerCertificate> = socket.getPeerCertificate();
  if (peer.valid_from === undefined || peer.valid_to === undefined) throw new Error("no peer certificate");
  const error: unknown = socket.authorizationError;
  const code = typeof error === "string" ? error : error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? "") : "";
  const commonName = first(peer.subject?.CN);
  return {
    ...summarizeCertificate({
      host,
      validFrom: new Date(peer.valid_from),
      validTo: new Date(peer.valid_to),
      // Only an issuer the trust store vouches for (a CA's public name): a self-signed or untrusted
      // certificate's issuer is text the site chose, and observations never carry site-chosen text.
      issuer: socket.authorized || DATE_ONLY_ERRORS.has(code) ? (first(peer.issuer?.O) ?? first(peer.issuer?.CN) ?? null) : null,
      names: {
        ...(commonName === undefined ? {} : { commonName }),
        ...(peer.subjectaltname === undefined ? {} : { subjectAltName: peer.subjectaltname }),
      },
      protocol: socket.getProtocol(),
      cipher: socket.getCipher()?.name ?? null,
      now: new Date(),
    }),
    authorized: socket.authorized,
    authorizationError: socket.authorized ? null : AUTHORIZATION_ERROR.test(code) ? code : "UNKNOWN_ERROR",
  };
}

/** Node gives a repeated attribute (two O= in a name) as an array. */
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
