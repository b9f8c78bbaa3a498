import type { Scope } from "../contract/index.js";

/** What the service keeps about a key: never the key itself, only its SHA-256 hash and its leading part. */
export interface ApiKeyRecord {
  keyId: string;
  /** SHA-256 of the full token, hex. */
  hash: string;
  /** Leading part of the token, safe to show in lists and logs. */
  tokenPrefix: string;
  name: string | null;
  scopes: Scope[];
  kind: "self_serve" | "support";
  /**
   * The account that requested the key (a self-serve key asked for from a signed-in dashboard), so it can
   * list and revoke its own keys; null for operator-issued support keys and keys stored before owners existed.
   */
  ownerId: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}
