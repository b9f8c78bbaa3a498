import { Readable } from "node:stream";
import { HttpResponse, type HttpRequest } from "@smithy/core/protocols";

/** One request the SDK sent: the operation (X-Amz-Target), the content type and the JSON body. */
export interface SentSecretsManagerRequest {
  target: string;
  contentType: string;
  body: Record<string, unknown>;
}

const json = (statusCode: number, body: unknown) =>
  new HttpResponse({
    statusCode,
    headers: { "content-type": "application/x-amz-json-1.1", "x-amzn-requestid": crypto.randomUUID() },
    body: Readable.from([Buffer.from(JSON.stringify(body))]),
  });

/**
 * Secrets Manager's side of the AWS JSON 1.1 protocol at the SDK's HTTP layer (its `requestHandler`), for
 * GetSecretValue only: the response shape of the API reference's example (ARN, Name, VersionId,
 * SecretString, VersionStages, CreatedDate as epoch seconds), or, for any other secret id, the
 * `ResourceNotFoundException` error with its documented message. `secretString: undefined` answers as a
 * binary secret does (SecretBinary, no SecretString). It models nothing else of the service.
 */
export function createSecretsManagerProtocolResponder(input: { knownArn: string; secretString: string | undefined }) {
  const sent: SentSecretsManagerRequest[] = [];
  const handler = {
    handle: (request: HttpRequest) => Promise.resolve(answer(request)),
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  function answer(request: HttpRequest): { response: HttpResponse } {
    const raw = typeof request.body === "string" ? request.body : new TextDecoder().decode(request.body as Uint8Array);
    const body = JSON.parse(raw) as Record<string, unknown>;
    const target = String(request.headers["x-amz-target"]);
    sent.push({ target, contentType: String(request.headers["content-type"]), body });
    if (target !== "secretsmanager.GetSecretValue") {
      return { response: json(400, { __type: "InvalidRequestException", Message: `unsupported in this test: ${target}` }) };
    }
    if (body.SecretId !== input.knownArn) {
      return { response: json(400, { __type: "ResourceNotFoundException", Message: "Secrets Manager can't find the specified secret." }) };
    }
    const value =
      input.secretString === undefined
        ? { SecretBinary: Buffer.from("binary secret").toString("base64") }
        : { SecretString: input.secretString };
    return {
      response: json(200, {
        ARN: input.knownArn,
        Name: input.knownArn.split(":").at(-1),
        VersionId: "EXAMPLE1-90ab-cdef-fedc-ba987SECRET1",
        ...value,
        VersionStages: ["AWSCURRENT"],
        CreatedDate: 1523477145.713,
      }),
    };
  }
  return { handler, sent };
}
