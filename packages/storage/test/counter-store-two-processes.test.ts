import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CounterStore } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisCounterStore } from "../src/redis/index.js";
import { createSqliteCounterStore } from "../src/sqlite/index.js";
import { HOUR, SHARED_KEY, type ChildMessage, type ChildStoreConfig } from "./support/counter-store-child-protocol.js";
import { releaseTestRedis, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

/**
 * Several OS processes consume from one counter at once, through the real stores: the limit is never
 * exceeded, no admitted unit is lost, and no process's own counter moves for a refused request.
 */
const CHILD = fileURLToPath(new URL("./support/counter-store-child.ts", import.meta.url));
const PROCESSES = 3;
const ATTEMPTS = 100;
const LIMIT = 150;
const T0 = Date.UTC(2026, 7, 15, 12);

function nextMessage(child: ChildProcess): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code} before answering`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      const typed = message as ChildMessage;
      if (typed.type === "failed") reject(new Error(`child failed: ${typed.message}`));
      else resolve(typed);
    });
  });
}

async function runChildren(config: ChildStoreConfig): Promise<Extract<ChildMessage, { type: "done" }>[]> {
  const children = Array.from({ length: PROCESSES }, () =>
    fork(CHILD, [JSON.stringify(config)], {
      execArgv: ["--conditions=@public-scan/source", "--disable-warning=ExperimentalWarning"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }),
  );
  try {
    // Everyone opens the store first, then all start together.
    await Promise.all(children.map(nextMessage));
    const done = children.map(nextMessage);
    const startAt = Date.now() + 100;
    children.forEach((child, id) => child.send({ type: "go", id, now: T0, startAt, attempts: ATTEMPTS, limit: LIMIT }));
    return (await Promise.all(done)) as Extract<ChildMessage, { type: "done" }>[];
  } finally {
    for (const child of children) child.kill();
  }
}

async function expectLimitHeld(config: ChildStoreConfig, store: CounterStore): Promise<void> {
  const results = await runChildren(config);
  const admitted = results.flatMap((result) => result.admitted).sort((a, b) => a - b);
  expect(admitted).toEqual(Array.from({ length: LIMIT }, (_, index) => index + 1));
  for (const result of results) expect(result.own).toBe(result.admitted.length);
  // Every process got a share: they really ran at the same time, not one after another.
  for (const result of results) expect(result.admitted.length).toBeGreaterThan(0);
  expect(await store.consume({ checks: [{ key: SHARED_KEY, limit: LIMIT, window: HOUR, units: 0 }], now: T0 })).toEqual({
    allowed: true,
    usage: [LIMIT],
  });
}

describe("CounterStore across processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "public-scan-two-processes-"));
  const prefix = uniqueRedisPrefix("two-processes");

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await releaseTestRedis(prefix);
  });

  it(`SQLite: ${PROCESSES} processes on one file never exceed the limit`, async () => {
    const path = join(dir, "shared.sqlite");
    const store = createSqliteCounterStore({ path });
    try {
      await expectLimitHeld({ kind: "sqlite", path }, store);
    } finally {
      await store.close();
    }
  });

  it(`Redis: ${PROCESSES} processes on one prefix never exceed the limit`, async () => {
    const store = createRedisCounterStore({ client: await sharedTestRedis(), keyPrefix: prefix });
    await expectLimitHeld({ kind: "redis", ...TEST_REDIS, keyPrefix: prefix }, store);
  });
});
