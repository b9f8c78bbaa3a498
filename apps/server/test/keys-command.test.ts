import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { authenticate, requireScopes, SYSTEM_CLOCK } from "@public-scan/core";
import { createRedisKeyStore } from "@public-scan/storage/redis";
import { createSqliteKeyStore } from "@public-scan/storage/sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { connectAdminRedis, deletePrefix, TEST_REDIS_URL, uniqueDeploymentPrefix } from "./support/cluster-env.js";

const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runKeysCommand(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("pnpm keys (operator command)", () => {
  it("issues a support key with scan:create that authenticates, stores only its hash, and revokes it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-keys-cli-"));
    directories.push(dataDir);
    const issued = await run(["issue", "--scopes", "scan:read,scan:create,mcp", "--name", "partner", "--data-dir", dataDir]);
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim();
    expect(token).toMatch(/^svc_[A-Za-z0-9]{32}$/);
    const keyId = /issued (key_\w+)/.exec(issued.stderr)?.[1];
    expect(keyId).toBeDefined();

    const store = createSqliteKeyStore({ path: join(dataDir, "public-scan.sqlite") });
    const credential = (await authenticate({ keys: store, clock: SYSTEM_CLOCK }, `Bearer ${token}`))!;
    expect(() => requireScopes(credential, ["scan:create"])).not.toThrow();
    expect(JSON.stringify(await store.get(keyId!))).not.toContain(token);
    // An operator's support key belongs to no account.
    expect(await store.get(keyId!)).toMatchObject({ kind: "support", ownerId: null, name: "partner" });
    await store.close();

    expect((await run(["revoke", keyId!, "--data-dir", dataDir])).code).toBe(0);
    expect((await run(["revoke", keyId!, "--data-dir", dataDir])).code).toBe(1);
    const after = createSqliteKeyStore({ path: join(dataDir, "public-scan.sqlite") });
    await expect(authenticate({ keys: after, clock: SYSTEM_CLOCK }, `Bearer ${token}`)).rejects.toMatchObject({ code: "unauthorized" });
    expect((await after.audit.list()).map((event) => event.action)).toEqual(["key_revoked", "key_issued"]);
    await after.close();
  });

  it("issues into a cluster's Redis with --redis-url, under PUBLIC_SCAN_REDIS_PREFIX, where the API processes look", async () => {
    const prefix = uniqueDeploymentPrefix("keys");
    const saved = process.env.PUBLIC_SCAN_REDIS_PREFIX;
    process.env.PUBLIC_SCAN_REDIS_PREFIX = prefix;
    const admin = await connectAdminRedis();
    try {
      const issued = await run(["issue", "--scopes", "scan:read", "--redis-url", TEST_REDIS_URL]);
      expect(issued.code, issued.stderr).toBe(0);
      const keys = createRedisKeyStore({ client: admin, keyPrefix: `${prefix}key:` });
      const credential = (await authenticate({ keys, clock: SYSTEM_CLOCK }, `Bearer ${issued.stdout.trim()}`))!;
      expect(credential.scopes).toEqual(["scan:read"]);
      expect((await run(["issue", "--scopes", "scan:read", "--redis-url", "http://nope"])).stderr).toContain("redis:// or rediss://");
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_SCAN_REDIS_PREFIX;
      else process.env.PUBLIC_SCAN_REDIS_PREFIX = saved;
      await deletePrefix(admin, prefix);
      admin.disconnect();
    }
  });

  it.each([
    [["issue"], "--scopes is required"],
    [["issue", "--scopes", "root"], "unknown scope root"],
    [["issue", "--scopes", "mcp", "--valid-days", "0"], "--valid-days"],
    [["revoke"], "needs a KEY_ID"],
    [["rotate"], "unknown action"],
  ])("refuses %j with exit code 2", async (argv, message) => {
    const { code, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
