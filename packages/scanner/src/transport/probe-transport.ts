import { rootCertificates } from "node:tls";
import { normalizeHost, type EgressGuard } from "../network/index.js";
import { probeHttp, type HttpProbeResult } from "./probe-http.js";
import { probeTls, type TlsProbeResult } from "./probe-tls.js";

export interface ProbeTransportOptions {
  /** The scan's target URL; only its host and port are used. */
  url: string;
  guard: EgressGuard;
  /** PEM trusted in addition to Node's roots, as Chromium trusts it (the scanner's `extraCaCerts`). */
  extraCaCerts?: string;
  userAgent: string;
  /** Budget of each probe (they run side by side). */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportProbeResult {
  /** The probed host, normalised. */
  host: string;
  tls: TlsProbeResult;
  http: HttpProbeResult;
}

export const TRANSPORT_PROBE_DEFAULTS = { timeoutMs: 8000 } as const;

/**
 * The Node-side transport probe of a target: a TLS handshake on 443 and a plain-HTTP request on 80 (or
 * the port the URL names for its own scheme), side by side, both through the scan's egress guard, so its
 * `resolve` rules and `allowPrivateTargets` apply exactly as for the browser. Null for a URL without a
 * host. Never throws.
 */
export async function probeTransport(options: ProbeTransportOptions): Promise<TransportProbeResult | null> {
  const url = URL.parse(options.url);
  const host = url === null ? undefined : normalizeHost(url.hostname);
  if (url === null || host === undefined) return null;
  const explicitPort = url.port === "" ? undefined : Number(url.port);
  const tlsPort = url.protocol === "https:" ? (explicitPort ?? 443) : 443;
  const httpPort = url.protocol === "http:" ? (explicitPort ?? 80) : 80;
  const common = { guard: options.guard, timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) };
  const [tls, http] = await Promise.all([
    probeTls({
      ...common,
      target: { host, port: tlsPort },
      ...(options.extraCaCerts === undefined ? {} : { ca: [...rootCertificates, options.extraCaCerts] }),
    }),
    probeHttp({ ...common, target: { host, port: httpPort }, userAgent: options.userAgent }),
  ]);
  return { host, tls, http };
}
