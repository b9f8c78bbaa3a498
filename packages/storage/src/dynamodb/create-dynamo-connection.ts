import type { DynamoDBClient, DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import type * as LibDynamodb from "@aws-sdk/lib-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** How every DynamoDB store reaches its table. */
export interface DynamoStoreOptions {
  /** The table (see `DYNAMO_TABLES` for its key schema and indexes; `createDynamoTables` creates it). */
  readonly tableName: string;
  /**
   * An existing client: a `DynamoDBClient` (the store wraps it in a document client) or a
   * `DynamoDBDocumentClient` whose unmarshalling keeps numbers as numbers (the default). The store never
   * destroys it, so one client can serve every store of a Lambda.
   */
  readonly client?: DynamoDBClient | DynamoDBDocumentClient;
  /** Config of a client the store creates on first use and destroys on close(); used when `client` is absent. */
  readonly clientConfig?: DynamoDBClientConfig;
}

/** The AWS SDK modules a store needs, loaded on first use. */
export interface DynamoSdk {
  readonly lib: typeof LibDynamodb;
  readonly doc: DynamoDBDocumentClient;
}

/**
 * The client of one DynamoDB store: the host's own, or one it creates on first use and destroys on close.
 * The AWS SDK is imported lazily (the command classes too), so importing `@public-scan/storage/dynamodb`
 * loads nothing of it until a store first talks to its table.
 */
export function createDynamoConnection(options: DynamoStoreOptions & { name: string }) {
  let loaded: Promise<DynamoSdk & { owned?: DynamoDBClient }> | undefined;
  let closed = false;

  async function load(): Promise<DynamoSdk & { owned?: DynamoDBClient }> {
    const lib = await import("@aws-sdk/lib-dynamodb");
    const given = options.client;
    if (given !== undefined) {
      const doc = given instanceof lib.DynamoDBDocumentClient ? given : lib.DynamoDBDocumentClient.from(given);
      return { lib, doc };
    }
    const { DynamoDBClient: Client } = await import("@aws-sdk/client-dynamodb");
    const owned = new Client(options.clientConfig ?? {});
    return { lib, doc: lib.DynamoDBDocumentClient.from(owned), owned };
  }

  return {
    sdk(): Promise<DynamoSdk> {
      if (closed) return Promise.reject(new Error(`${options.name} is closed`));
      loaded ??= load();
      return loaded;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      const own = await loaded?.catch(() => undefined);
      own?.owned?.destroy();
    },
  };
}
