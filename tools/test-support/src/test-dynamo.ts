import type { AddressInfo } from "node:net";
import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";

/**
 * dynalite (an implementation of DynamoDB on an in-memory LevelDB), started in-process on a random loopback
 * port, once per test file: nothing to install or start in CI, and files never share tables. Tables are
 * ACTIVE at once (createTableMs: 0) instead of after dynalite's default half second.
 */
export interface TestDynamo {
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

/** How storage creates its tables (its `createDynamoTables`), passed in: this package depends on no workspace package. */
export type CreateTables<Kind extends string> = (input: {
  client: DynamoDBClient;
  tables: Partial<Record<Kind, string>>;
  timeToLive: boolean;
  pollMs: number;
}) => Promise<unknown>;

/** Creates the named tables on the file's dynalite (idempotent: peers of one test share them). */
export async function createTestTables<Kind extends string>(
  createTables: CreateTables<Kind>,
  tables: Partial<Record<Kind, string>>,
): Promise<TestDynamo> {
  const dynamo = await sharedTestDynamo();
  await createTables({ client: dynamo.admin, tables, timeToLive: false, pollMs: 5 });
  return dynamo;
}
