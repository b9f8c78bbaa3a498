import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestAccountRecord } from "@public-scan/storage/testing";
import { authenticate, issueApiKey, SYSTEM_CLOCK } from "@public-scan/core";
import { createSqliteAccountStore, createSqliteKeyStore } from "@public-scan/storage/sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { runAccountsCommand } from "../src/run-accounts-command.js";

const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runAccountsCommand(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

async function dataDirWith(count: number) {
  const dataDir = await mkdtemp(join(tmpdir(), "public-scan-accounts-cli-"));
  directories.push(dataDir);
  const store = createSqliteAccountStore({ path: join(dataDir, "public-scan.sqlite") });
  for (let index = 0; index < count; index += 1) {
    await store.create(
      createTestAccountRecord({
        accountId: `acct_${String(index).padStart(24, "0")}`,
        email: `person${index}@example.org`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      }),
    );
  }
  await store.close();
  return dataDir;
}

describe("pnpm accounts (operator command)", () => {
  it("lists accounts page by page, in creation order", async () => {
    const dataDir = await dataDirWith(3);
    const first = await run(["list", "--limit", "2", "--data-dir", dataDir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("person0@example.org");
    expect(first.stdout).toContain("person1@example.org");
    expect(first.stdout).not.toContain("person2@example.org");
    const after = /--after (acct_\w+)/.exec(first.stderr)?.[1];
    expect(after).toBe(`acct_${"1".padStart(24, "0")}`);
    const second = await run(["list", "--limit", "2", "--after", after!, "--data-dir", dataDir]);
    expect(second.stdout).toContain("person2@example.org");
    expect(second.stdout).not.toContain("person1@example.org");
  });

  it("disables an account by id or by email (any case), once, and revokes its keys", async () => {
    const dataDir = await dataDirWith(2);
    const keys = createSqliteKeyStore({ path: join(dataDir, "public-scan.sqlite") });
    const owner = `acct_${"1".padStart(24, "0")}`;
    const issued = await issueApiKey(
      { keys, clock: SYSTEM_CLOCK, supportEmail: "support@example.org" },
      { kind: "self_serve", ownerId: owner },
    );
    await keys.close();
    const first = await run(["disable", "Person1@Example.ORG", "--data-dir", dataDir]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("1 key revoked");
    const after = createSqliteKeyStore({ path: join(dataDir, "public-scan.sqlite") });
    await expect(authenticate({ keys: after, clock: SYSTEM_CLOCK }, `Bearer ${issued.resource.key}`)).rejects.toMatchObject({
      code: "unauthorized",
    });
    expect((await after.audit.list()).map((event) => event.action)).toContain("key_revoked");
    await after.close();
    expect((await run(["disable", `acct_${"1".padStart(24, "0")}`, "--data-dir", dataDir])).code).toBe(1);
    expect((await run(["disable", `acct_${"0".padStart(24, "0")}`, "--data-dir", dataDir])).code).toBe(0);
    const store = createSqliteAccountStore({ path: join(dataDir, "public-scan.sqlite") });
    expect((await store.findByEmail("person1@example.org"))?.disabledAt).not.toBeNull();
    await store.close();
    expect((await run(["list", "--data-dir", dataDir])).stdout.match(/disabled/g)?.length).toBe(2);
    expect((await run(["disable", "nobody@example.org", "--data-dir", dataDir])).code).toBe(1);
  });

  async function scopesOf(dataDir: string, accountId: string) {
    const store = createSqliteAccountStore({ path: join(dataDir, "public-scan.sqlite") });
    try {
      return (await store.get(accountId))?.scopes;
    } finally {
      await store.close();
    }
  }

  it("grants scopes by id or by email, says what changed, and a second grant changes nothing", async () => {
    const dataDir = await dataDirWith(2);
    const person = `acct_${"1".padStart(24, "0")}`;
    const granted = await run(["grant", "Person1@Example.ORG", "--scopes", "scan:create", "--data-dir", dataDir]);
    expect(granted.code).toBe(0);
    expect(granted.stderr).toBe(`granted scan:create to ${person} (person1@example.org); scopes now: scan:read scan:create mcp\n`);
    expect(await scopesOf(dataDir, person)).toStrictEqual(["scan:read", "scan:create", "mcp"]);
    // Idempotent: granting what the account holds is a success that writes nothing new.
    const again = await run(["grant", person, "--scopes", "scan:create, mcp", "--data-dir", dataDir]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("unchanged; scopes: scan:read scan:create mcp");
    // Several at once, stored in core's order; the other account is untouched.
    expect((await run(["grant", person, "--scopes", "pulse:scan,pulse:read", "--data-dir", dataDir])).stderr).toContain(
      "granted pulse:read pulse:scan to",
    );
    expect(await scopesOf(dataDir, person)).toStrictEqual(["scan:read", "scan:create", "mcp", "pulse:read", "pulse:scan"]);
    expect(await scopesOf(dataDir, `acct_${"0".padStart(24, "0")}`)).toStrictEqual(["scan:read", "mcp"]);
    expect((await run(["list", "--data-dir", dataDir])).stdout).toContain("scan:read scan:create mcp pulse:read pulse:scan");
  });

  it("revokes any scope, scan:read and mcp included, but never an account's last one", async () => {
    const dataDir = await dataDirWith(1);
    const person = `acct_${"0".padStart(24, "0")}`;
    await run(["grant", person, "--scopes", "scan:create", "--data-dir", dataDir]);
    const revoked = await run(["revoke-scope", "person0@example.org", "--scopes", "scan:create", "--data-dir", dataDir]);
    expect(revoked.code).toBe(0);
    expect(revoked.stderr).toContain(`revoked scan:create from ${person} (person0@example.org); scopes now: scan:read mcp`);
    // Grants made before are not recalled: the operator is told so.
    expect(revoked.stderr).toContain("clients authorized before keep it");
    expect((await run(["revoke-scope", person, "--scopes", "scan:read", "--data-dir", dataDir])).code).toBe(0);
    expect(await scopesOf(dataDir, person)).toStrictEqual(["mcp"]);
    // Revoking what the account does not hold is no change, not an error.
    const absent = await run(["revoke-scope", person, "--scopes", "pulse:scan", "--data-dir", dataDir]);
    expect([absent.code, absent.stderr]).toStrictEqual([0, `${person} (person0@example.org) unchanged; scopes: mcp\n`]);

    const last = await run(["revoke-scope", person, "--scopes", "mcp,scan:read", "--data-dir", dataDir]);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("would have no scope left (it has mcp)");
    expect(await scopesOf(dataDir, person)).toStrictEqual(["mcp"]);
  });

  it.each([["grant"], ["revoke-scope"]])("%s exits 1 for an unknown account and changes nothing", async (action) => {
    const dataDir = await dataDirWith(1);
    for (const target of ["nobody@example.org", "acct_missing"]) {
      const result = await run([action, target, "--scopes", "scan:create", "--data-dir", dataDir]);
      expect([result.code, result.stderr]).toStrictEqual([1, `no account ${target}\n`]);
    }
    expect(await scopesOf(dataDir, `acct_${"0".padStart(24, "0")}`)).toStrictEqual(["scan:read", "mcp"]);
  });

  it.each([
    [["frobnicate"], "unknown action frobnicate"],
    [["disable"], "disable needs an ACCOUNT_ID or EMAIL"],
    [["list", "--limit", "0"], "--limit must be an integer"],
    [["list", "--bogus"], "Unknown option"],
    [["grant", "--scopes", "scan:create"], "grant needs an ACCOUNT_ID or EMAIL"],
    [["revoke-scope", "acct_x"], "--scopes is required"],
    [["grant", "acct_x", "--scopes", " , "], "--scopes is required"],
    [["grant", "acct_x", "--scopes", "scan:create,root"], "unknown scope root"],
    [["grant", "acct_x", "--scopes"], "argument missing"],
    [["disable", "acct_x", "--scopes", "mcp"], "--scopes is for grant and revoke-scope, not disable"],
  ])("refuses %j with a usage message", async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
