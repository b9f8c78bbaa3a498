import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { CounterCheck } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createDynamoCounterStore, type DynamoCounterStoreOptions } from "../src/dynamodb/index.js";
import { describeCounterStore } from "../src/testing/index.js";
import { createTestTable, dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

// One table per test (the namespace); peers are separate clients on it.
describeCounterStore("dynamodb (dynalite)", dynamoSuiteFactory("counters", createDynamoCounterStore), { propertyRuns: 60 });

const MINUTE = { kind: "rolling", ms: 60_000 } as const;
const T0 = Date.UTC(2026, 7, 15, 12);
const check = (key: string, limit: number, units = 1): CounterCheck => ({ key, limit, window: MINUTE, units });

let tables = 0;

/**
 * A store on a table of its own whose client lets a test slip another request's write in just before the
 * store's own PutItem of a counter: the race a consume loses when another process wins it.
 */
async function openStore(options: Partial<DynamoCounterStoreOptions> = {}) {
  tables += 1;
  const tableName = `counters-raw-${tables}`;
  const dynamo = await createTestTable("counters", tableName);
  const admin = DynamoDBDocumentClient.from(dynamo.admin);
  const client = DynamoDBDocumentClient.from(dynamo.admin);
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let interfere: ((key: string) => Promise<void>) | undefined;
  client.send = (async (command: unknown) => {
    if (command instanceof PutCommand && interfere !== undefined) await interfere(command.input.Item!.pk as string);
    return send(command);
  }) as typeof client.send;
  const store = createDynamoCounterStore({ client, tableName, ...options });
  const item = async (pk: string) => (await admin.send(new GetCommand({ TableName: tableName, Key: { pk } }))).Item;
  return {
    store,
    item,
    setInterference: (fn: typeof interfere) => {
      interfere = fn;
    },
    /** Another request's write: `units` more in the counter's current bucket, the version one up. */
    writeBehind: async (pk: string, units: number) => {
      const current = await item(pk);
      const buckets = { ...(current?.buckets as Record<string, number> | undefined) };
      const expiry = String(T0 + 60_000);
      buckets[expiry] = (buckets[expiry] ?? 0) + units;
      await admin.send(
        new PutCommand({ TableName: tableName, Item: { ...current, pk, buckets, version: Number(current?.version ?? 0) + 1, ops: [] } }),
      );
    },
    tableItems: async () => (await dynamo.admin.send(new ScanCommand({ TableName: tableName }))).Items ?? [],
  };
}

const peek = async (store: ReturnType<typeof createDynamoCounterStore>, keys: string[]) => {
  const result = await store.consume({ checks: keys.map((key) => check(key, 1000, 0)), now: T0 });
  return result.allowed ? result.usage : undefined;
};

describe("DynamoDB counter store", () => {
  it("keeps one item per counter: its buckets, a version, recent write ids and a TTL after its last bucket", async () => {
    const { store, item } = await openStore({ ttlGraceMs: 1000 });
    const before = Date.now();
    for (let i = 1; i <= 3; i += 1) await store.consume({ checks: [check("k", 10)], now: T0 + i });
    await store.consume({ checks: [check("k", 10)], now: T0 + 5000 });
    const stored = (await item("k"))!;
    // Units of one 3-second bucket, (T0, T0 + 3000], share one entry.
    expect(stored.buckets).toEqual({ [String(T0 + 63_000)]: 3, [String(T0 + 66_000)]: 1 });
    expect(stored.version).toBe(4);
    expect(stored.ops).toHaveLength(4);
    // The last bucket counts 61 s more from the caller's now; the TTL is that from the host's clock, plus the grace.
    const ttl = (stored.expiresAt as number) * 1000 - before;
    expect(ttl).toBeGreaterThanOrEqual(61_000 + 1000);
    expect(ttl).toBeLessThanOrEqual(61_000 + 1000 + 2000);
    // A write drops the buckets that expired.
    await store.consume({ checks: [check("k", 10)], now: T0 + 63_000 });
    expect((await item("k"))!.buckets).toEqual({ [String(T0 + 66_000)]: 1, [String(T0 + 123_000)]: 1 });
    await store.close();
  });

  it("takes back the first counter when the second one's write loses its race, then admits on the next round", async () => {
    const { store, setInterference, writeBehind } = await openStore();
    let raced = false;
    setInterference(async (key) => {
      if (key !== "second" || raced) return;
      raced = true;
      await writeBehind("second", 2);
    });
    expect(await store.consume({ checks: [check("first", 10), check("second", 10)], now: T0 })).toEqual({ allowed: true, usage: [1, 3] });
    expect(raced).toBe(true);
    setInterference(undefined);
    // "first" counts this request once: its first write was taken back before the second round.
    expect(await peek(store, ["first", "second"])).toEqual([1, 3]);
    await store.close();
  });

  it("returns a refusal only after taking back what the lost round wrote", async () => {
    const { store, setInterference, writeBehind, item } = await openStore();
    setInterference(async (key) => {
      // The race fills "second" to its limit: the next round is refused there.
      if (key === "second") await writeBehind("second", 5);
    });
    expect(await store.consume({ checks: [check("first", 10), check("second", 5)], now: T0 })).toEqual({
      allowed: false,
      failed: 1,
      usage: 5,
      retryAfterMs: 60_000,
    });
    setInterference(undefined);
    expect(await peek(store, ["first", "second"])).toEqual([0, 5]);
    // The item shows the write and its undo, not a lost unit.
    expect((await item("first"))!.ops).toEqual([expect.stringMatching(/\.0\.0$/), expect.stringMatching(/\.0\.0-undo$/)]);
    await store.close();
  });

  it("gives up after maxAttempts rounds lost, and leaves nothing consumed", async () => {
    const { store, setInterference, writeBehind } = await openStore({ maxAttempts: 3 });
    let races = 0;
    setInterference(async (key) => {
      if (key !== "second") return;
      races += 1;
      await writeBehind("second", 0);
    });
    await expect(store.consume({ checks: [check("first", 10), check("second", 10)], now: T0 })).rejects.toThrow(/3 rounds lost/);
    expect(races).toBe(3);
    setInterference(undefined);
    expect(await peek(store, ["first", "second"])).toEqual([0, 0]);
    await store.close();
  });

  it("refuses to consume after close, and closes idempotently", async () => {
    const { store } = await openStore();
    await store.consume({ checks: [check("k", 5)], now: T0 });
    await store.close();
    await expect(store.consume({ checks: [check("k", 5)], now: T0 })).rejects.toThrow(/closed/);
    await expect(store.close()).resolves.toBeUndefined();
  });
});
