/**
 * The shape of every table the DynamoDB stores use, defined once: `createDynamoTables` creates tables from
 * it (tests, a first deployment by hand) and an infrastructure app (CDK) reads it, so the stores, the tests
 * and the deployment cannot disagree on an attribute or index name. Every key is a string (`S`); every index
 * projects keys only (the stores read the record from the table, with a strongly consistent GetItem).
 * docs/dynamodb.md explains each item and index.
 */
export interface DynamoTableDefinition {
  readonly partitionKey: string;
  /** The table's sort key, for the one table that reads a partition in order (the audit log). */
  readonly sortKey?: string;
  /** Global secondary indexes: sparse (an item is in one only while it has both attributes). */
  readonly indexes: readonly DynamoIndexDefinition[];
  /** The number attribute (epoch seconds) DynamoDB's TTL deletes expired items by, when the table has one. */
  readonly timeToLiveAttribute?: string;
}

export interface DynamoIndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const DYNAMO_TABLES = {
  /**
   * Scan records (`scan#<scanId>`) and one lock item per target with an active scan (`active#<targetKey>`).
   * `active-by-target` holds the active records (listActive scans it; a lock whose record ended is repaired
   * from it); the `done-*` indexes hold the completed records with evidence, newest last by `doneOrder`
   * (`<completedAt>#<scanId>`). Ended records carry `expiresAt` when the store has a `retentionDays`.
   */
  scans: {
    partitionKey: "pk",
    indexes: [
      { name: "active-by-target", partitionKey: "activeTarget", sortKey: "activeOrder" },
      { name: "done-by-target", partitionKey: "doneTarget", sortKey: "doneOrder" },
      { name: "done-by-domain", partitionKey: "doneDomain", sortKey: "doneOrder" },
      { name: "done-by-domain-from", partitionKey: "doneDomainFrom", sortKey: "doneOrder" },
    ],
    timeToLiveAttribute: "expiresAt",
  },
  /**
   * API keys (`key#<keyId>`: the record) and the claim of each token hash (`hash#<sha256>` → keyId), which
   * makes a hash map to one key. `keys-by-owner` lists an account's keys, newest last by `<createdAt>#<keyId>`.
   */
  keys: {
    partitionKey: "pk",
    indexes: [{ name: "keys-by-owner", partitionKey: "ownerKey", sortKey: "ownerOrder" }],
  },
  /**
   * Accounts (`account#<accountId>`) and the claim of each normalized email (`email#<email>` → accountId).
   * `accounts-by-creation` pages every account in creation order: one partition (`listPartition`), sorted
   * by `<createdAt>#<accountId>`.
   */
  accounts: {
    partitionKey: "pk",
    indexes: [{ name: "accounts-by-creation", partitionKey: "listPartition", sortKey: "listOrder" }],
  },
  /**
   * The audit trail: events in the partition `events`, sorted by `sk`, a sequence number (zero-padded) from
   * the counter item (`pk` `sequence`), so appends from every process agree on one order.
   */
  audit: {
    partitionKey: "pk",
    sortKey: "sk",
    indexes: [],
    timeToLiveAttribute: "expiresAt",
  },
  /**
   * Monitors (`monitor#<monitorId>`: the record), each owner's count of monitors (`cap#<ownerKeyId>`, the cap's
   * conditional counter) and runs (`run#<runId>`). `monitors-by-owner` lists a key's monitors by
   * `<createdAt>#<monitorId>`; `monitors-active` holds the active ones (one partition, `active`);
   * `runs-by-monitor` a monitor's runs in tick order (`<scheduledAt>#<runId>`).
   */
  monitors: {
    partitionKey: "pk",
    indexes: [
      { name: "monitors-by-owner", partitionKey: "ownerKey", sortKey: "ownerOrder" },
      { name: "monitors-active", partitionKey: "activeKey", sortKey: "activeOrder" },
      { name: "runs-by-monitor", partitionKey: "runMonitor", sortKey: "runOrder" },
    ],
  },
  /** One item per counter: its live buckets and a version number for conditional writes. Idle counters expire by TTL. */
  counters: {
    partitionKey: "pk",
    indexes: [],
    timeToLiveAttribute: "expiresAt",
  },
} as const satisfies Record<string, DynamoTableDefinition>;

export type DynamoTableKind = keyof typeof DYNAMO_TABLES;
