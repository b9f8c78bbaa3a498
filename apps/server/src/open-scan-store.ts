import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ScanStore } from "@public-scan/core";
import { createSqliteScanStore } from "@public-scan/storage/sqlite";

/** Name of the embedded default's database file in the data directory. */
export const DATABASE_FILE = "public-scan.sqlite";

/**
 * The command's scan store: the embedded default, one SQLite file in the data directory (so a later scan
 * of the same URL can reuse this one), or, for the demo, a file in a temporary directory removed on close.
 */
export async function openScanStore(
  options: { dataDir: string } | { temporary: true },
): Promise<{ scans: ScanStore; path: string; close: () => Promise<void> }> {
  const directory = "temporary" in options ? await mkdtemp(join(tmpdir(), "public-scan-demo-")) : resolve(options.dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const path = join(directory, DATABASE_FILE);
  const scans = createSqliteScanStore({ path });
  return {
    scans,
    path,
    close: async () => {
      await scans.close();
      if ("temporary" in options) await rm(directory, { recursive: true, force: true });
    },
  };
}
