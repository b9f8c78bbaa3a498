import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteKeyStore, createSqliteStores } from "../src/sqlite/index.js";

/** How many of this process's open files are `path` itself (not its -wal and -shm files): its connections. */
const connectionsTo = (path: string) =>
  readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed between the listing and the read
    }
  }).length;

// Open files are counted through Linux's /proc (CI and the supported servers run Linux); elsewhere the count
// cannot be taken, and the rest of the storage suites still run every store on its own.
describe.runIf(existsSync("/proc/self/fd"))("createSqliteStores", () => {
  let directory: string;
  let path: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), "sqlite-stores-"));
    path = join(directory, "public-scan.sqlite");
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it("opens the file twice for all five stores (documents, counters), where each store alone opened it once more", async () => {
    const stores = createSqliteStores({ path });
    const made = [stores.scans(), stores.keys(), stores.counters(), stores.accounts(), stores.documents()];
    expect(connectionsTo(path)).toBe(2);
    // What one store writes through the shared connection is in the file, for a process that opens it alone.
    const keys = made[1] as ReturnType<typeof stores.keys>;
    await keys.audit.append({ type: "key_revoked", at: "2026-11-28T00:00:00.000Z", keyId: "key_1" } as never);
    const other = createSqliteKeyStore({ path });
    expect(await other.audit.list({ limit: 10 })).toHaveLength(1);
    await other.close();

    await Promise.all(made.map((store) => ("close" in store ? Promise.resolve(store.close()) : Promise.resolve())));
    // A store's close leaves the shared connections open (SQLite also keeps a closed connection's file open
    // while another connection of the process holds the file, so only the count at the end is exact); the
    // map's close ends them all.
    await stores.close();
    expect(connectionsTo(path)).toBe(0);
  });
});
