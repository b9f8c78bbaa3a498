/** One audited event. Identifiers only, never a key or an email in clear (hashes are used instead). */
export interface AuditEvent {
  at: string;
  action: "key_issued" | "key_request_denied" | "key_revoked";
  /** Why a request was denied, as an error code plus a reason code. */
  outcome: "allowed" | "denied";
  reason: string | null;
  keyId: string | null;
  /** SHA-256 of the account email, hex. */
  subjectHash: string | null;
  /** SHA-256 of the requester network (the /24 or /64), hex. */
  networkHash: string | null;
}

/** Append-only audit trail (memory, SQLite, Redis). */
export interface AuditLog {
  append(event: AuditEvent): Promise<void>;
  list(options?: { limit?: number }): Promise<AuditEvent[]>;
}
