import { createTestTables, type TestDynamo } from "@public-scan/test-support/test-dynamo";
import { createDynamoTables, type DynamoStoreOptions, type DynamoTableKind } from "../../src/dynamodb/index.js";

/** Creates a table of `kind` named `tableName` on the file's dynalite (idempotent: peers of one test share it). */
export function createTestTable(kind: DynamoTableKind, tableName: string): Promise<TestDynamo> {
  return createTestTables(createDynamoTables, { [kind]: tableName });
}

/**
 * A conformance-suite factory for a DynamoDB store: one table per test namespace, and every handle its own
 * client (the store creates and destroys it), so a peer or a reopened store is a new client on the same table.
 */
export function dynamoSuiteFactory<Store>(kind: DynamoTableKind, create: (options: DynamoStoreOptions) => Store) {
  return async ({ namespace }: { namespace: string }): Promise<Store> => {
    const { clientConfig } = await createTestTable(kind, `${kind}-${namespace}`);
    return create({ clientConfig, tableName: `${kind}-${namespace}` });
  };
}
