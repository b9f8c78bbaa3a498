import { authenticate, requireScopes, SYSTEM_CLOCK } from "@public-scan/core";
import { createDynamoAuditLog, createDynamoKeyStore, createDynamoTables } from "@public-scan/storage/dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTables, releaseTestDynamo } from "@public-scan/test-support/test-dynamo";
import { runKeysCommand } from "../src/run-keys-command.js";

async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runKeysCommand(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/**
 * The AWS SDK's default chain, as an operator's shell sets it: the command creates its clients from the
 * environment only, so the test points that environment at dynalite (the SDK's own endpoint variable).
 */
const SDK_ENV = ["AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL_DYNAMODB", "PUBLIC_SCAN_REDIS_URL"] as const;

describe("pnpm keys against a Lambda deployment's DynamoDB tables", () => {
  const saved = Object.fromEntries(SDK_ENV.map((name) => [name, process.env[name]]));
  let clientConfig: Awaited<ReturnType<typeof createTestTables>>["clientConfig"];

  beforeAll(async () => {
    ({ clientConfig } = await createTestTables(createDynamoTables, { keys: "cli-keys", audit: "cli-audit" }));
    Object.assign(process.env, {
      AWS_REGION: "local",
      AWS_ACCESS_KEY_ID: "test",
      AWS_SECRET_ACCESS_KEY: "test",
      AWS_ENDPOINT_URL_DYNAMODB: clientConfig.endpoint as string,
    });
    delete process.env.PUBLIC_SCAN_REDIS_URL;
  });
  afterAll(async () => {
    for (const name of SDK_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await releaseTestDynamo();
  });

  it("issues a key the Lambda API's DynamoDB key store authenticates, revokes it, and audits both in the audit table", async () => {
    const tables = ["--dynamodb-keys-table", "cli-keys", "--dynamodb-audit-table", "cli-audit"];
    const issued = await run(["issue", "--scopes", "scan:read,scan:create", "--name", "partner", ...tables]);
    expect(issued.code, issued.stderr).toBe(0);
    const token = issued.stdout.trim();
    const keyId = /issued (key_\w+)/.exec(issued.stderr)?.[1];
    expect(keyId).toBeDefined();

    // The store compose-stores.ts gives the API function, on the same table.
    const keys = createDynamoKeyStore({ tableName: "cli-keys", clientConfig });
    const credential = (await authenticate({ keys, clock: SYSTEM_CLOCK }, `Bearer ${token}`))!;
    expect(() => requireScopes(credential, ["scan:create"])).not.toThrow();
    expect(await keys.get(keyId!)).toMatchObject({ kind: "support", ownerId: null, name: "partner" });

    expect((await run(["revoke", keyId!, ...tables])).code).toBe(0);
    expect((await run(["revoke", keyId!, ...tables])).code).toBe(1);
    await expect(authenticate({ keys, clock: SYSTEM_CLOCK }, `Bearer ${token}`)).rejects.toMatchObject({ code: "unauthorized" });
    await keys.close();

    const audit = createDynamoAuditLog({ tableName: "cli-audit", clientConfig });
    const events = await audit.list();
    expect(events.map((event) => [event.action, event.keyId])).toEqual([
      ["key_revoked", keyId],
      ["key_issued", keyId],
    ]);
    await audit.close();
  });

  it("reads the tables from PUBLIC_SCAN_KEYS_TABLE and PUBLIC_SCAN_AUDIT_TABLE, the Lambda functions' variable names", async () => {
    process.env.PUBLIC_SCAN_KEYS_TABLE = "cli-keys";
    process.env.PUBLIC_SCAN_AUDIT_TABLE = "cli-audit";
    try {
      const issued = await run(["issue", "--scopes", "scan:read"]);
      expect(issued.code, issued.stderr).toBe(0);
      const keys = createDynamoKeyStore({ tableName: "cli-keys", clientConfig });
      expect((await authenticate({ keys, clock: SYSTEM_CLOCK }, `Bearer ${issued.stdout.trim()}`))?.scopes).toEqual(["scan:read"]);
      await keys.close();
    } finally {
      delete process.env.PUBLIC_SCAN_KEYS_TABLE;
      delete process.env.PUBLIC_SCAN_AUDIT_TABLE;
    }
  });

  it("refuses a table it cannot read before issuing anything, so no key is issued without its audit event", async () => {
    const missingAudit = await run([
      "issue",
      "--scopes",
      "scan:read",
      "--dynamodb-keys-table",
      "cli-keys",
      "--dynamodb-audit-table",
      "cli-absent",
    ]);
    expect(missingAudit.code).toBe(2);
    expect(missingAudit.stderr).toContain("the DynamoDB table cli-absent cannot be read (ResourceNotFoundException");
    expect(missingAudit.stdout).toBe("");
    const missingKeys = await run(["revoke", "key_x", "--dynamodb-keys-table", "cli-nokeys", "--dynamodb-audit-table", "cli-audit"]);
    expect(missingKeys.code).toBe(2);
    expect(missingKeys.stderr).toContain("the DynamoDB table cli-nokeys cannot be read");
  });

  it.each([
    [
      ["--dynamodb-keys-table", "cli-keys", "--dynamodb-audit-table", "cli-audit", "--redis-url", "redis://127.0.0.1:6379"],
      "excludes --redis-url",
    ],
    [["--dynamodb-keys-table", "cli-keys", "--dynamodb-audit-table", "cli-audit", "--data-dir", "/tmp/x"], "excludes --data-dir"],
    [["--dynamodb-keys-table", "cli-keys"], "--dynamodb-audit-table (or PUBLIC_SCAN_AUDIT_TABLE) is needed"],
    [["--dynamodb-audit-table", "cli-audit"], "--dynamodb-audit-table needs --dynamodb-keys-table"],
  ])("refuses %j with exit code 2 before writing anything", async (store, message) => {
    const { code, stderr } = await run(["issue", "--scopes", "scan:read", ...store]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
