import { DynamoDBDocumentClient, PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { DynamoTableKind } from "../../src/dynamodb/index.js";
import { createTestTable } from "./dynamo-test-table.js";

let tables = 0;

/**
 * A fresh table of `kind` on the file's dynalite, with a way to read every raw item and to plant one: for
 * tests of a store's layout and of the states a crash between two writes leaves.
 */
export async function openRawTable(kind: DynamoTableKind) {
  tables += 1;
  const tableName = `${kind}-raw-${tables}`;
  const dynamo = await createTestTable(kind, tableName);
  const doc = DynamoDBDocumentClient.from(dynamo.admin);
  return {
    tableName,
    clientConfig: dynamo.clientConfig,
    admin: dynamo.admin,
    /** Every item, as plain values, sorted by `pk` then `sk`. */
    items: async () => {
      const { Items = [] } = await doc.send(new ScanCommand({ TableName: tableName }));
      return Items.sort((a, b) => `${String(a.pk)}\u0000${String(a.sk ?? "")}`.localeCompare(`${String(b.pk)}\u0000${String(b.sk ?? "")}`));
    },
    plant: (item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: tableName, Item: item })),
  };
}
