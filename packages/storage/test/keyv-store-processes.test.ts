import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteKeyvStore } from "../src/sqlite/index.js";
import type { KeyvChildGo, KeyvChildMessage } from "./support/keyv-store-child.js";

/**
 * Several OS processes write and read one SQLite file through the keyv store at once: no write fails on
 * the file's lock, no reader sees half of a setMany, and every write lands.
 */
const CHILD = fileURLToPath(new URL("./support/keyv-store-child.ts", import.meta.url));
const PROCESSES = 3;
const ROUNDS = 60;
const SHARED_KEYS = ["a", "b", "c", "d", "e"];

function nextMessage(child: ChildProcess): Promise<KeyvChildMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code} before answering`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      const typed = message as KeyvChildMessage;
      if (typed.type === "failed") reject(new Error(`child failed: ${typed.message}`));
      else resolve(typed);
    });
  });
}

describe("SQLite keyv store across processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "public-scan-keyv-processes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`${PROCESSES} processes on one file: every write lands, no reader sees half a batch`, async () => {
    const path = join(dir, "shared.sqlite");
    const store = createSqliteKeyvStore({ path });
    const children = Array.from({ length: PROCESSES }, () =>
      fork(CHILD, [path], {
        execArgv: ["--conditions=@public-scan/source", "--disable-warning=ExperimentalWarning"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    try {
      await Promise.all(children.map(nextMessage));
      const done = children.map(nextMessage);
      const startAt = Date.now() + 100;
      children.forEach((child, id) => child.send({ id, startAt, rounds: ROUNDS, sharedKeys: SHARED_KEYS } satisfies KeyvChildGo));
      const results = await Promise.all(done);
      expect(results).toEqual(children.map(() => ({ type: "done", mixedReads: 0 })));

      const final = await store.getMany(SHARED_KEYS);
      expect(new Set(final).size).toBe(1);
      expect(final[0]).toMatch(new RegExp(`^process \\d round ${ROUNDS - 1}$`));
      const own = Array.from({ length: PROCESSES }, (_, id) => Array.from({ length: ROUNDS }, (_, round) => `own ${id} ${round}`)).flat();
      expect(await store.hasMany(own)).toEqual(own.map(() => true));
      // The short entries expired; the sweeps that ran in every process deleted them but for the last few.
      expect(await store.sweep()).toBeLessThan(PROCESSES * ROUNDS);
    } finally {
      for (const child of children) child.kill();
      await store.disconnect();
    }
  });
});
