import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, openSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Copies a SQLite database to `to` with `VACUUM INTO`: a consistent snapshot of the last commit, taken while
 * servers keep writing (in WAL mode readers never block writers, and the copy reads one snapshot), compacted
 * and without a WAL to carry along. The copy is written beside the target under a temporary name, synced,
 * then linked into place: the target appears complete or not at all, and an existing target is refused
 * (the link fails rather than replace it), never overwritten. Returns the copy's size in bytes.
 */
export function backupSqliteDatabase(input: { from: string; to: string; busyTimeoutMs?: number }): { bytes: number } {
  if (!existsSync(input.from)) throw new Error(`no database at ${input.from}`);
  if (existsSync(input.to)) throw new Error(`${input.to} already exists: a backup never replaces a file`);
  const partial = join(dirname(input.to), `.${basename(input.to)}.${randomBytes(6).toString("hex")}.partial`);
  const db = new DatabaseSync(input.from);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(input.busyTimeoutMs ?? 5000)}`);
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  try {
    // A backup holds what the database holds: readable by its owner only, like the database file.
    chmodSync(partial, 0o600);
    // VACUUM INTO does not sync its output: sync before the copy takes the target's name.
    const fd = openSync(partial, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(partial, input.to);
    syncDirectory(dirname(input.to));
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EEXIST")
      throw new Error(`${input.to} already exists: a backup never replaces a file`, { cause: error });
    throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  const copy = new DatabaseSync(input.to, { readOnly: true });
  try {
    const { page_count: pages } = copy.prepare("PRAGMA page_count").get() as { page_count: number };
    const { page_size: size } = copy.prepare("PRAGMA page_size").get() as { page_size: number };
    return { bytes: Number(pages) * Number(size) };
  } finally {
    copy.close();
  }
}

/** Makes the new name durable too. Not every platform can open a directory to sync it; those skip it. */
function syncDirectory(directory: string): void {
  let fd: number;
  try {
    fd = openSync(directory, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the copy itself is synced.
  } finally {
    closeSync(fd);
  }
}
