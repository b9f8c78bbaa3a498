import type { AuditEvent, AuditLog, AuditRetention } from "@public-scan/core";
import type { Redis } from "ioredis";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";

/** The stream commands the log needs, so an existing `Redis` (or a compatible client) can be passed in. */
export type RedisStreamClient = Pick<Redis, "xadd" | "xrevrange" | "xrange" | "xdel">;

export interface RedisAuditLogOptions extends RedisConnectionOptions<RedisStreamClient> {
  /** Prefix of the log's one key, `<prefix>events`. Default `public-scan:audit:`. */
  readonly keyPrefix?: string;
  /**
   * How many events the stream keeps, at least: older ones are trimmed. Default 100 000. Trimming is
   * approximate (`MAXLEN ~`, whole stream nodes at a time, so it stays cheap), so the stream can hold a
   * little more than this, never less.
   */
  readonly maxEvents?: number;
}

/** What `list` returns without a limit, as the memory and SQLite logs. */
const DEFAULT_LIMIT = 100;

function toEvent(entry: [id: string, fields: string[]]): AuditEvent {
  const fields = entry[1];
  const at = fields.indexOf("event");
  if (at < 0 || at % 2 !== 0 || fields[at + 1] === undefined) throw new Error(`audit stream entry ${entry[0]} has no event`);
  return JSON.parse(fields[at + 1]!) as AuditEvent;
}

/**
 * The AuditLog on Redis: one capped Stream, newest entries last; `list` reads it backwards, so it returns
 * the newest first like the memory and SQLite logs. It uses ioredis directly, not keyv (which ARCHITECTURE.md "Storage"
 * planned for documents): the audit trail is an ordered, append-only log, not a key-value document, and a
 * Stream appends atomically with server-assigned increasing ids, so concurrent instances lose no event and
 * agree on one order. ioredis is also the one Redis client of this package (a host can pass the same
 * connection to every Redis store). Events hold identifiers and hashes only, never a key or an email.
 */
export function createRedisAuditLog(options: RedisAuditLogOptions = {}): AuditLog & AuditRetention & { close(): Promise<void> } {
  const key = `${options.keyPrefix ?? "public-scan:audit:"}events`;
  const maxEvents = options.maxEvents ?? 100_000;
  if (!Number.isSafeInteger(maxEvents) || maxEvents < 1) throw new RangeError("maxEvents must be a positive integer");
  const connection = createRedisConnection({ ...options, name: "Redis audit log" });
  const client = () => connection.client();

  /**
   * The ids of the oldest events before `cutoff`, at most `limit`, in stream order: the walk stops at the
   * first event at or after the cutoff. Events are appended as they happen, so those before it are the
   * stream's head; an event appended out of order (a host's skewed clock) waits for a later purge.
   */
  async function headBefore(cutoff: string, limit: number): Promise<string[]> {
    const redis = await client();
    const ids: string[] = [];
    let start = "-";
    while (ids.length < limit) {
      const page = await redis.xrange(key, start, "+", "COUNT", Math.min(1000, limit - ids.length));
      for (const entry of page) {
        if (toEvent(entry).at >= cutoff) return ids;
        ids.push(entry[0]);
      }
      if (page.length === 0) return ids;
      start = `(${page.at(-1)![0]}`;
    }
    return ids;
  }

  return {
    async append(event) {
      const redis = await client();
      await redis.xadd(key, "MAXLEN", "~", maxEvents, "*", "event", JSON.stringify(event));
    },
    async list(listOptions) {
      const limit = listOptions?.limit ?? DEFAULT_LIMIT;
      // Refused rather than guessed: the memory log reads 0 as "all" and SQLite as "none".
      if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer");
      const redis = await client();
      return (await redis.xrevrange(key, "+", "-", "COUNT", limit)).map(toEvent);
    },
    countBefore: async (cutoff) => (await headBefore(cutoff, Number.MAX_SAFE_INTEGER)).length,
    async purgeBefore(cutoff, { limit }) {
      const ids = await headBefore(cutoff, Math.max(0, Math.trunc(limit)));
      if (ids.length === 0) return 0;
      // XDEL counts only what it deleted: a concurrent purge's deletions are not counted twice.
      return (await client()).xdel(key, ...ids);
    },
    close: () => connection.close(),
  };
}
