import type { ApiKeyRecord } from "../domain/api-key-record.js";

/** Where key records live (memory, SQLite, Redis): looked up by the hash of a presented token. */
export interface KeyStore {
  create(record: ApiKeyRecord): Promise<boolean>;
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  get(keyId: string): Promise<ApiKeyRecord | null>;
  /**
   * Every key of one account, revoked ones included (with their revokedAt), newest first (createdAt, then
   * keyId, descending); [] for an owner without keys. Keys without an owner are never listed.
   */
  listByOwner(ownerId: string): Promise<ApiKeyRecord[]>;
  /** Marks a key revoked; false when it does not exist or was already revoked. */
  revoke(keyId: string, at: string): Promise<boolean>;
  close(): Promise<void>;
}
