import type { ApiKeyRecord } from "../domain/api-key-record.js";

/** Where key records live (memory, SQLite, Redis): looked up by the hash of a presented token. */
export interface KeyStore {
  create(record: ApiKeyRecord): Promise<boolean>;
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  get(keyId: string): Promise<ApiKeyRecord | null>;
  /** Marks a key revoked; false when it does not exist or was already revoked. */
  revoke(keyId: string, at: string): Promise<boolean>;
  close(): Promise<void>;
}
