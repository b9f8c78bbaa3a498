import { createHash } from "node:crypto";
import type { EvidencePhase } from "../../contract/index.js";

/** What identifies a table row across scans of one target: its phase, kind, host and name (never a value). */
export interface FingerprintedRow {
  readonly phase: EvidencePhase;
  readonly kind: "tracker" | "cookie" | "storage" | "service";
  readonly host: string;
  /** The cookie's or storage key's name, a service's category; null for a tracker host. */
  readonly name: string | null;
}

/**
 * A row's stable identity: the same cookie (by domain and name), storage key (by origin host and key),
 * tracker host or service host in the same phase has the same fingerprint in every scan of every target, so
 * a client can follow it from scan to scan. 16 hex characters of a SHA-256 over the fields, separated so
 * that no two field lists give the same text. A cookie whose name carries a per-visit token changes identity
 * with it, as it is, for a reader, another cookie.
 */
export function evidenceFingerprint(row: FingerprintedRow): string {
  const text = [row.phase, row.kind, row.host.toLowerCase(), row.name ?? ""].join("\u0000");
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
