/** How a connection attempt failed, in the probe's terms. */
export type ConnectFailure =
  | { kind: "refused_by_peer"; reason: "connection_refused" | "connection_reset" | "tls_handshake_failed" }
  | { kind: "failed"; reason: "host_unreachable" | "probe_error" };

/**
 * Classifies a socket error. A peer that refuses, resets or fails the TLS handshake has answered: the
 * service is not there (or speaks no TLS). An unreachable network or anything else is not an answer.
 */
export function toConnectFailure(error: unknown): ConnectFailure {
  const code = typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "";
  if (code === "ECONNREFUSED") return { kind: "refused_by_peer", reason: "connection_refused" };
  if (code === "ECONNRESET" || code === "EPIPE") return { kind: "refused_by_peer", reason: "connection_reset" };
  if (code.startsWith("ERR_SSL_") || code === "ERR_TLS_HANDSHAKE_TIMEOUT")
    return { kind: "refused_by_peer", reason: "tls_handshake_failed" };
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EADDRNOTAVAIL") return { kind: "failed", reason: "host_unreachable" };
  return { kind: "failed", reason: "probe_error" };
}
