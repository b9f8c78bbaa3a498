import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const FILE = "identifier-secret";

/**
 * The HMAC secret for client addresses and key ids in rate-limit counter keys, kept in the data directory
 * (created on first start, readable by the owner only). Without a secret, a counter key is a plain SHA-256
 * of an IPv4 address, which anyone with the database can reverse by hashing all 2^32 of them.
 */
export async function readIdentifierSecret(dataDir: string): Promise<string> {
  const path = join(dataDir, FILE);
  try {
    const existing = (await readFile(path, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("hex");
  // "wx": two servers starting at once on one directory must not each write their own secret.
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(path, "utf8")).trim();
  }
}
