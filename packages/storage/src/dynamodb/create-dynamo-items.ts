import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { createDynamoConnection } from "./create-dynamo-connection.js";

/** One DynamoDB item as the document client reads and writes it. */
export type DynamoItem = Record<string, unknown>;

/**
 * The answer of a conditional write. `retried`: the SDK sent the request more than once (a timeout, a
 * connection reset, a 5xx), so an earlier attempt may have been applied and the condition then failed
 * against our own write; the caller decides by reading the item back.
 */
export type DynamoWriteResult = { readonly written: true } | { readonly written: false; readonly retried: boolean };

/** One partition of the table or of an index, optionally bounded on its sort key. */
export interface DynamoQuery {
  readonly index?: string;
  readonly partition: { readonly name: string; readonly value: string };
  readonly sort?: { readonly name: string; readonly op: ">=" | ">" | "<"; readonly value: string };
  readonly descending?: boolean;
  readonly limit?: number;
}

/** A condition or update expression with its placeholders. */
export interface DynamoExpression {
  readonly expression: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

const placeholders = (condition?: DynamoExpression) =>
  condition === undefined
    ? {}
    : {
        ConditionExpression: condition.expression,
        ...(condition.names === undefined ? {} : { ExpressionAttributeNames: condition.names }),
        ...(condition.values === undefined ? {} : { ExpressionAttributeValues: condition.values }),
      };

function toWriteResult(error: unknown): DynamoWriteResult {
  if (!(error instanceof Error) || error.name !== "ConditionalCheckFailedException") throw error;
  const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? 1;
  return { written: false, retried: attempts > 1 };
}

/**
 * The few item operations the DynamoDB stores use, on one table with the partition key `pk`. Every read of
 * the table is strongly consistent (a compare-and-set decided on a stale read would be wrong); index reads
 * cannot be (DynamoDB offers none on a global secondary index), so the stores use them only to find
 * candidates and read each candidate back from the table.
 */
export function createDynamoItems(options: DynamoStoreOptions & { name: string }) {
  const connection = createDynamoConnection(options);
  const TableName = options.tableName;

  /**
   * Items of one partition, of the table (strongly consistent) or of an index (keys only), in sort-key
   * order: every page, or the first `limit`. `sort` bounds the sort key (`>=` from, `>` after, `<` before).
   */
  async function query(input: DynamoQuery): Promise<DynamoItem[]> {
    const { lib, doc } = await connection.sdk();
    const found: DynamoItem[] = [];
    let start: DynamoItem | undefined;
    const range = input.sort === undefined ? "" : ` AND #s ${input.sort.op} :s`;
    do {
      const page = await doc.send(
        new lib.QueryCommand({
          TableName,
          ...(input.index === undefined ? { ConsistentRead: true } : { IndexName: input.index }),
          KeyConditionExpression: `#p = :p${range}`,
          ExpressionAttributeNames: { "#p": input.partition.name, ...(input.sort ? { "#s": input.sort.name } : {}) },
          ExpressionAttributeValues: { ":p": input.partition.value, ...(input.sort ? { ":s": input.sort.value } : {}) },
          ScanIndexForward: input.descending !== true,
          ...(input.limit === undefined ? {} : { Limit: input.limit - found.length }),
          ...(start === undefined ? {} : { ExclusiveStartKey: start }),
        }),
      );
      found.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start !== undefined && (input.limit === undefined || found.length < input.limit));
    return found;
  }

  return {
    query,
    async get(pk: string): Promise<DynamoItem | undefined> {
      const { lib, doc } = await connection.sdk();
      const { Item } = await doc.send(new lib.GetCommand({ TableName, Key: { pk }, ConsistentRead: true }));
      return Item;
    },
    async put(item: DynamoItem & { pk: string }, condition?: DynamoExpression): Promise<DynamoWriteResult> {
      const { lib, doc } = await connection.sdk();
      try {
        await doc.send(new lib.PutCommand({ TableName, Item: item, ...placeholders(condition) }));
        return { written: true };
      } catch (error) {
        return toWriteResult(error);
      }
    },
    async delete(pk: string, condition?: DynamoExpression): Promise<DynamoWriteResult> {
      const { lib, doc } = await connection.sdk();
      try {
        await doc.send(new lib.DeleteCommand({ TableName, Key: { pk }, ...placeholders(condition) }));
        return { written: true };
      } catch (error) {
        return toWriteResult(error);
      }
    },
    /** The table keys (`pk`) a query of an index finds. */
    async queryKeys(input: DynamoQuery & { index: string }): Promise<string[]> {
      return (await query(input)).map((item) => item.pk as string);
    },
    /** An UpdateItem; answers the item's new attributes, or undefined when the condition failed. */
    async update(key: DynamoItem, update: DynamoExpression & { condition?: string }): Promise<DynamoItem | undefined> {
      const { lib, doc } = await connection.sdk();
      try {
        const { Attributes } = await doc.send(
          new lib.UpdateCommand({
            TableName,
            Key: key,
            UpdateExpression: update.expression,
            ...(update.condition === undefined ? {} : { ConditionExpression: update.condition }),
            ...(update.names === undefined ? {} : { ExpressionAttributeNames: update.names }),
            ...(update.values === undefined ? {} : { ExpressionAttributeValues: update.values }),
            ReturnValues: "ALL_NEW",
          }),
        );
        return Attributes ?? {};
      } catch (error) {
        toWriteResult(error);
        return undefined;
      }
    },
    /** Every table key (`pk`) in an index: a Scan, which reads only the items the (sparse) index holds. */
    async scanKeys(index: string): Promise<string[]> {
      const { lib, doc } = await connection.sdk();
      const keys: string[] = [];
      let start: DynamoItem | undefined;
      do {
        const page = await doc.send(
          new lib.ScanCommand({ TableName, IndexName: index, ...(start === undefined ? {} : { ExclusiveStartKey: start }) }),
        );
        for (const item of page.Items ?? []) keys.push(item.pk as string);
        start = page.LastEvaluatedKey;
      } while (start !== undefined);
      return keys;
    },
    close: () => connection.close(),
  };
}

export type DynamoItems = ReturnType<typeof createDynamoItems>;
