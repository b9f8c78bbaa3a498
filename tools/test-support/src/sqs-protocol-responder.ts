import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { HttpResponse, type HttpRequest } from "@smithy/core/protocols";

/** One request the SDK sent, as it went on the wire: the operation (X-Amz-Target) and the JSON body. */
export interface SentSqsRequest {
  target: string;
  contentType: string;
  hostname: string;
  body: Record<string, unknown>;
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) =>
  new HttpResponse({
    statusCode,
    headers: { "content-type": "application/x-amz-json-1.0", "x-amzn-requestid": crypto.randomUUID(), ...headers },
    body: Readable.from([Buffer.from(JSON.stringify(body))]),
  });

/**
 * The SQS side of the AWS JSON 1.0 protocol at the SDK's HTTP layer (its `requestHandler`): it records what
 * the client sends and answers with the response shapes of the SQS API reference (SendMessage: the message
 * id and the MD5 of the body, which the SDK checks; GetQueueAttributes: the attributes; an unknown queue:
 * the `QueueDoesNotExist` error with its query-compatible error header). It models no queue semantics.
 */
export function createSqsProtocolResponder(input: { knownQueueUrl: string; attributes?: Record<string, string> }) {
  const sent: SentSqsRequest[] = [];
  const handler = {
    handle: (request: HttpRequest) => Promise.resolve(answer(request)),
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  function answer(request: HttpRequest): { response: HttpResponse } {
    const raw = typeof request.body === "string" ? request.body : Buffer.from(request.body as Uint8Array).toString("utf8");
    const body = JSON.parse(raw) as Record<string, unknown>;
    const target = String(request.headers["x-amz-target"]);
    sent.push({ target, contentType: String(request.headers["content-type"]), hostname: request.hostname, body });
    if (body.QueueUrl !== input.knownQueueUrl) {
      return {
        response: json(
          400,
          { __type: "com.amazonaws.sqs#QueueDoesNotExist", message: "The specified queue does not exist." },
          { "x-amzn-query-error": "AWS.SimpleQueueService.NonExistentQueue;Sender" },
        ),
      };
    }
    if (target === "AmazonSQS.SendMessage") {
      const md5 = createHash("md5").update(String(body.MessageBody)).digest("hex");
      return { response: json(200, { MD5OfMessageBody: md5, MessageId: crypto.randomUUID() }) };
    }
    if (target === "AmazonSQS.GetQueueAttributes") return { response: json(200, { Attributes: input.attributes ?? {} }) };
    return { response: json(400, { __type: "com.amazonaws.sqs#InvalidAction", message: `unsupported in this test: ${target}` }) };
  }
  return { handler, sent };
}
