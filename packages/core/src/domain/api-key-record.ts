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
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}
