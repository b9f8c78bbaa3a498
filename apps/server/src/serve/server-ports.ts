import type { AuditLog, AuditRetention, KeyStore, ScanRetention, ScanStore } from "@public-scan/core";

/** The reference server's scan store: it also purges scans past their retention. */
export type ServerScanStore = ScanStore & ScanRetention;
/** The reference server's key store: the audit trail of key requests and revocations lives beside the keys. */
export type ServerKeyStore = KeyStore & { audit: AuditLog & AuditRetention };

/**
 * Checks that the scan and key stores a process resolved (its defaults, or an embedder's registrations under
 * `PORTS`) can do what the server asks beyond their ports: purge, and keep the audit trail. Said at start,
 * not at the first sweep or key request.
 */
export function asServerStores(input: { scans: ScanStore; keys: KeyStore }): { scans: ServerScanStore; keys: ServerKeyStore } {
  const { scans, keys } = input;
  if (!("purgeEndedBefore" in scans && "countEndedBefore" in scans)) {
    throw new Error("the scan store registered under PORTS.scanStore must also implement ScanRetention (the server purges it)");
  }
  if (!("audit" in keys)) throw new Error("the key store registered under PORTS.keyStore must carry the audit trail (`audit`)");
  return { scans: scans as ServerScanStore, keys: keys as ServerKeyStore };
}
