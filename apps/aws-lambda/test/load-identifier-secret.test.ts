import { describe, expect, it } from "vitest";
import { loadIdentifierSecret } from "../src/load-identifier-secret.js";
import { readLambdaConfig } from "../src/read-config.js";
import { createSecretsManagerProtocolResponder } from "./support/secrets-manager-protocol-responder.js";

const ARN = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:IdentifierSecret-AbCdEf";
const SECRET = "a-generated-secret-of-48-characters-0123456789ab";

function clientConfig(responder: ReturnType<typeof createSecretsManagerProtocolResponder>) {
  return {
    region: "eu-west-1",
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    requestHandler: responder.handler,
    // One attempt: a refused read is reported at once (the SDK's retries are not what is tested here).
    maxAttempts: 1,
  };
}

describe("the identifier secret from Secrets Manager (GetSecretValue at the SDK's HTTP layer)", () => {
  it("reads the secret the ARN names, once, into PUBLIC_SCAN_IDENTIFIER_SECRET, which the configuration takes", async () => {
    const responder = createSecretsManagerProtocolResponder({ knownArn: ARN, secretString: SECRET });
    const env = await loadIdentifierSecret({
      env: { PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: ARN, OTHER: "kept" },
      clientConfig: clientConfig(responder),
    });
    expect(env).toMatchObject({ PUBLIC_SCAN_IDENTIFIER_SECRET: SECRET, OTHER: "kept" });
    expect(responder.sent).toEqual([
      { target: "secretsmanager.GetSecretValue", contentType: "application/x-amz-json-1.1", body: { SecretId: ARN } },
    ]);
    const config = readLambdaConfig({
      ...env,
      PUBLIC_SCAN_SCANS_TABLE: "s",
      PUBLIC_SCAN_KEYS_TABLE: "k",
      PUBLIC_SCAN_COUNTERS_TABLE: "c",
      PUBLIC_SCAN_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/123456789012/q",
    });
    expect(config.identifierSecret).toBe(SECRET);
  });

  it("fails with the service's reason when the secret does not exist (ResourceNotFoundException)", async () => {
    const responder = createSecretsManagerProtocolResponder({ knownArn: ARN, secretString: SECRET });
    const loading = loadIdentifierSecret({
      env: { PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: `${ARN}-gone` },
      clientConfig: clientConfig(responder),
    });
    await expect(loading).rejects.toThrow(
      "PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: the secret cannot be read (ResourceNotFoundException: Secrets Manager can't find the specified secret.)",
    );
    await expect(loading).rejects.toMatchObject({ cause: { name: "ResourceNotFoundException" } });
  });

  it.each([
    ["short", "0123456789", /at least 32 characters/],
    ["binary", undefined, /holds no string/],
  ])("refuses a %s secret", async (_kind, secretString, message) => {
    const responder = createSecretsManagerProtocolResponder({ knownArn: ARN, secretString });
    await expect(
      loadIdentifierSecret({ env: { PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: ARN }, clientConfig: clientConfig(responder) }),
    ).rejects.toThrow(message);
  });

  it("keeps the plain variable without calling AWS, refuses both at once, and names both when neither is set", async () => {
    const responder = createSecretsManagerProtocolResponder({ knownArn: ARN, secretString: SECRET });
    const plain = { PUBLIC_SCAN_IDENTIFIER_SECRET: SECRET };
    expect(await loadIdentifierSecret({ env: plain, clientConfig: clientConfig(responder) })).toBe(plain);
    await expect(
      loadIdentifierSecret({ env: { ...plain, PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: ARN }, clientConfig: clientConfig(responder) }),
    ).rejects.toThrow(/both set/);
    expect(responder.sent).toEqual([]);
    expect(() => readLambdaConfig({ PUBLIC_SCAN_REDIS_URL: "redis://127.0.0.1:6379", PUBLIC_SCAN_QUEUE_URL: "q" })).toThrow(
      "PUBLIC_SCAN_IDENTIFIER_SECRET (or PUBLIC_SCAN_IDENTIFIER_SECRET_ARN) is not set",
    );
  });
});
