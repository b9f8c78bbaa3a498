import type { CreateTableCommandInput, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DYNAMO_TABLES, type DynamoTableDefinition, type DynamoTableKind } from "./dynamo-tables.js";

export interface CreateDynamoTablesOptions {
  /** A low-level client (the document client does not send table commands). It is left open. */
  readonly client: DynamoDBClient;
  /** The name to give each table to create, by kind; kinds left out are not created. */
  readonly tables: Partial<Record<DynamoTableKind, string>>;
  /**
   * Turns on TTL where the definition names an attribute. Default true. dynalite (the tests' DynamoDB) does
   * not implement UpdateTimeToLive: the tests pass false, and the stores never rely on TTL for correctness.
   */
  readonly timeToLive?: boolean;
  /** How often to ask whether a new table is ACTIVE. Default 1000 ms (tests use less). */
  readonly pollMs?: number;
}

/** The CreateTable request of a definition: on-demand capacity, string keys, keys-only indexes. */
export function toCreateTableInput(tableName: string, definition: DynamoTableDefinition): CreateTableCommandInput {
  const tableKeys = definition.sortKey === undefined ? [definition.partitionKey] : [definition.partitionKey, definition.sortKey];
  const attributes = new Set([...tableKeys, ...definition.indexes.flatMap((index) => [index.partitionKey, index.sortKey])]);
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: "S" })),
    KeySchema: tableKeys.map((name, index) => ({ AttributeName: name, KeyType: index === 0 ? "HASH" : "RANGE" })),
    ...(definition.indexes.length === 0
      ? {}
      : {
          GlobalSecondaryIndexes: definition.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: "HASH" },
              { AttributeName: index.sortKey, KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "KEYS_ONLY" },
          })),
        }),
  };
}

/**
 * Creates each named table from `DYNAMO_TABLES` unless it exists, and waits until it is ACTIVE. Safe to run
 * from several processes at once (a table another one created is waited for). An existing table is not
 * compared with the definition.
 */
export async function createDynamoTables(options: CreateDynamoTablesOptions): Promise<void> {
  const sdk = await import("@aws-sdk/client-dynamodb");
  const pollMs = options.pollMs ?? 1000;
  const entries = Object.entries(options.tables) as [DynamoTableKind, string][];
  await Promise.all(
    entries.map(async ([kind, tableName]) => {
      const definition: DynamoTableDefinition = DYNAMO_TABLES[kind];
      try {
        await options.client.send(new sdk.CreateTableCommand(toCreateTableInput(tableName, definition)));
      } catch (error) {
        if (!(error instanceof sdk.ResourceInUseException)) throw error;
      }
      for (;;) {
        const { Table } = await options.client.send(new sdk.DescribeTableCommand({ TableName: tableName }));
        const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === "ACTIVE");
        if (Table?.TableStatus === "ACTIVE" && indexesActive) break;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      if (definition.timeToLiveAttribute === undefined || options.timeToLive === false) return;
      // Turning TTL on twice is an error, so a table that has it (or is turning it on) is left alone.
      const { TimeToLiveDescription } = await options.client.send(new sdk.DescribeTimeToLiveCommand({ TableName: tableName }));
      if (TimeToLiveDescription?.TimeToLiveStatus === "ENABLED" || TimeToLiveDescription?.TimeToLiveStatus === "ENABLING") return;
      await options.client.send(
        new sdk.UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
        }),
      );
    }),
  );
}
