import { probeTransport, TRANSPORT_PROBE_DEFAULTS, type ProbeTransportOptions, type TransportProbeResult } from "./probe-transport.js";

export interface TimedTransportProbe {
  /** Null when the probe could not start (a URL without a host) or broke. */
  result: TransportProbeResult | null;
  durationMs: number;
}

/**
 * Starts the Node-side probe at once, so it runs while the browser visits the page and costs the scan no
 * time of its own. The promise never rejects.
 */
export function startTransportProbe(
  options: Omit<ProbeTransportOptions, "timeoutMs"> & { timeoutMs?: number },
): Promise<TimedTransportProbe> {
  const started = Date.now();
  return probeTransport({ ...options, timeoutMs: options.timeoutMs ?? TRANSPORT_PROBE_DEFAULTS.timeoutMs }).then(
    (result) => ({ result, durationMs: Date.now() - started }),
    () => ({ result: null, durationMs: Date.now() - started }),
  );
}
