import type { SecretsManagerClientConfig } from "@aws-sdk/client-secrets-manager";
import { ENV, IDENTIFIER_SECRET_MIN_LENGTH } from "./settings.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The environment with the identifier secret in it: when PUBLIC_SCAN_IDENTIFIER_SECRET_ARN names a Secrets
 * Manager secret (what the CDK stack sets), its value is read once, here, and passed on as
 * PUBLIC_SCAN_IDENTIFIER_SECRET, so the value is never in the function's configuration; otherwise the
 * environment is returned as it is (tests, hosts outside AWS set the plain variable). The entries await it at
 * module load, in Lambda's init phase: once per execution environment, and a secret that cannot be read fails
 * the init with the reason instead of every request. Region and credentials: the SDK's default chain.
 */
export async function loadIdentifierSecret(input: { env: Env; clientConfig?: SecretsManagerClientConfig }): Promise<Env> {
  const arn = input.env[ENV.identifierSecretArn]?.trim();
  if (arn === undefined || arn === "") return input.env;
  if (input.env[ENV.identifierSecret] !== undefined) {
    throw new Error(`${ENV.identifierSecret} and ${ENV.identifierSecretArn} are both set: set one`);
  }
  const { GetSecretValueCommand, SecretsManagerClient } = await import("@aws-sdk/client-secrets-manager");
  const client = new SecretsManagerClient(input.clientConfig ?? {});
  let value: string | undefined;
  try {
    ({ SecretString: value } = await client.send(new GetSecretValueCommand({ SecretId: arn })));
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`${ENV.identifierSecretArn}: the secret cannot be read (${reason})`, { cause: error });
  } finally {
    // Read once per execution environment: the client is not kept.
    client.destroy();
  }
  if (value === undefined) throw new Error(`${ENV.identifierSecretArn}: the secret holds no string (a binary secret is not read)`);
  if (value.trim().length < IDENTIFIER_SECRET_MIN_LENGTH) {
    throw new Error(`${ENV.identifierSecretArn}: the secret must be at least ${IDENTIFIER_SECRET_MIN_LENGTH} characters`);
  }
  return { ...input.env, [ENV.identifierSecret]: value };
}
