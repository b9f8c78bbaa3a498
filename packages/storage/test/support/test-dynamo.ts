import type { AddressInfo } from "node:net";
import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";
import { expect } from "vitest";
import { createDynamoTables, type DynamoStoreOptions, type DynamoTableKind } from "../../src/dynamodb/index.js";

/**
 * dynalite (an implementation of DynamoDB on an in-memory LevelDB), started in-process on a random loopback
 * port, once per test file: nothing to install or start in CI, and files never share tables. Tables are
 * ACTIVE at once (createTableMs: 0) instead of after dynalite's default half second.
 */
interface TestDynamo {
  readonly clientConfig: DynamoDBClientConfig;
  readonly admin: DynamoDBClient;
  readonly stop: () => Promise<void>;
}

async function startTestDynamo(): Promise<TestDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const clientConfig: DynamoDBClientConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "local",
    // dynalite checks that requests are signed, not by whom.
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  };
  const admin = new DynamoDBClient(clientConfig);
  return {
    clientConfig,
    admin,
    stop: async () => {
      admin.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let shared: Promise<TestDynamo> | undefined;

/** The file's dynalite, started on first use. */
export function sharedTestDynamo(): Promise<TestDynamo> {
  shared ??= startTestDynamo();
  return shared;
}

/** Stops the file's dynalite, if it ever started. */
export async function releaseTestDynamo(): Promise<void> {
  const dynamo = await shared?.catch(() => undefined);
  shared = undefined;
  await dynamo?.stop();
}

/** Creates a table of `kind` named `tableName` on the file's dynalite (idempotent: peers of one test share it). */
export async function createTestTable(kind: DynamoTableKind, tableName: string): Promise<TestDynamo> {
  const dynamo = await sharedTestDynamo();
  await createDynamoTables({ client: dynamo.admin, tables: { [kind]: tableName }, timeToLive: false, pollMs: 5 });
  return dynamo;
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

/** After close, a DynamoDB store refuses a read and a write instead of creating a client behind its owner's back. */
export async function expectRefusedAfterClose<Store extends { close(): Promise<void> }>(
  store: Store,
  operations: { read: (store: Store) => Promise<unknown>; write: (store: Store) => Promise<unknown> },
): Promise<void> {
  await operations.read(store);
  await store.close();
  await expect(operations.read(store)).rejects.toThrow(/closed/);
  await expect(operations.write(store)).rejects.toThrow(/closed/);
}
