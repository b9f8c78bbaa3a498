import type { TlsProtocol } from "@public-scan/core";

const PROTOCOLS: Readonly<Record<string, TlsProtocol>> = {
  "tls 1.3": "TLS 1.3",
  "tls 1.2": "TLS 1.2",
  "tls 1.1": "TLS 1.1",
  "tls 1.0": "TLS 1.0",
  "tls 1": "TLS 1.0",
  "ssl 3.0": "SSL 3.0",
  "ssl 3": "SSL 3.0",
  quic: "QUIC",
};

/** One spelling for a connection's protocol: Chromium's `TLS 1.3` and Node's `TLSv1.3` both become `TLS 1.3`. */
export function normalizeTlsProtocol(value: string | null | undefined): TlsProtocol | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/^(tls|ssl)v?\s*/, "$1 ");
  return PROTOCOLS[key] ?? "other";
}
