import { SQSClient } from "@aws-sdk/client-sqs";
import { describe, expect, it } from "vitest";
import { createSqsJobQueue } from "../src/index.js";
import { createSqsProtocolResponder } from "@public-scan/test-support/sqs-protocol-responder";

const QUEUE_URL = "https://sqs.eu-west-1.amazonaws.com/123456789012/public-scan-scans";

function clientWith(responder: ReturnType<typeof createSqsProtocolResponder>) {
  return new SQSClient({
    region: "eu-west-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
    requestHandler: responder.handler,
  });
}

describe("the SQS job queue, at the SDK's HTTP layer", () => {
  it("sends one SendMessage per job, in the AWS JSON 1.0 protocol, with the scan id as the body", async () => {
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    const queue = createSqsJobQueue({ queueUrl: QUEUE_URL, client: clientWith(responder) })({ handler: () => Promise.resolve() });
    await queue.enqueue({ scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10" });
    expect(responder.sent).toEqual([
      {
        target: "AmazonSQS.SendMessage",
        contentType: "application/x-amz-json-1.0",
        hostname: "sqs.eu-west-1.amazonaws.com",
        body: { QueueUrl: QUEUE_URL, MessageBody: '{"scanId":"3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10"}' },
      },
    ]);
  });

  it("refuses a malformed scan id before sending, and after close", async () => {
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    const queue = createSqsJobQueue({ queueUrl: QUEUE_URL, client: clientWith(responder) })({ handler: () => Promise.resolve() });
    await expect(queue.enqueue({ scanId: "a b" })).rejects.toThrow(RangeError);
    await queue.close();
    await expect(queue.enqueue({ scanId: "scan_1" })).rejects.toThrow(/closed/);
    expect(responder.sent).toEqual([]);
  });

  it("surfaces SQS's error (an unknown queue) to the caller, so the create request answers 500, not 202", async () => {
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    const queue = createSqsJobQueue({ queueUrl: `${QUEUE_URL}-gone`, client: clientWith(responder) })({ handler: () => Promise.resolve() });
    await expect(queue.enqueue({ scanId: "scan_1" })).rejects.toMatchObject({ name: "QueueDoesNotExist" });
  });

  it("drains when SQS reports no message waiting, in flight or delayed", async () => {
    const responder = createSqsProtocolResponder({
      knownQueueUrl: QUEUE_URL,
      attributes: { ApproximateNumberOfMessages: "0", ApproximateNumberOfMessagesNotVisible: "0", ApproximateNumberOfMessagesDelayed: "0" },
    });
    const queue = createSqsJobQueue({ queueUrl: QUEUE_URL, client: clientWith(responder) })({ handler: () => Promise.resolve() });
    await queue.drain();
    expect(responder.sent.map((request) => request.target)).toEqual(["AmazonSQS.GetQueueAttributes"]);
    expect(responder.sent[0]!.body.AttributeNames).toContain("ApproximateNumberOfMessagesNotVisible");
  });

  it("reports its depth from SQS's approximate counts: visible and delayed wait, in flight run", async () => {
    const responder = createSqsProtocolResponder({
      knownQueueUrl: QUEUE_URL,
      attributes: { ApproximateNumberOfMessages: "4", ApproximateNumberOfMessagesNotVisible: "2", ApproximateNumberOfMessagesDelayed: "1" },
    });
    const queue = createSqsJobQueue({ queueUrl: QUEUE_URL, client: clientWith(responder) })({ handler: () => Promise.resolve() });
    expect(await queue.depth()).toEqual({ waiting: 5, running: 2 });
  });

  it("makes its own client from clientConfig at its first call, destroys it at close, and leaves a host's client open", async () => {
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    let destroyed = 0;
    const clientConfig = {
      region: "eu-west-1",
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
      requestHandler: { ...responder.handler, destroy: () => void (destroyed += 1) },
    };
    const idle = createSqsJobQueue({ queueUrl: QUEUE_URL, clientConfig })({ handler: () => Promise.resolve() });
    await idle.close();
    expect(destroyed).toBe(0);

    const own = createSqsJobQueue({ queueUrl: QUEUE_URL, clientConfig })({ handler: () => Promise.resolve() });
    await Promise.all([own.enqueue({ scanId: "scan_1" }), own.enqueue({ scanId: "scan_2" })]);
    expect(responder.sent.map((request) => request.body.MessageBody)).toEqual(['{"scanId":"scan_1"}', '{"scanId":"scan_2"}']);
    await own.close();
    await own.close();
    expect(destroyed).toBe(1);

    const host = new SQSClient(clientConfig);
    const shared = createSqsJobQueue({ queueUrl: QUEUE_URL, client: host })({ handler: () => Promise.resolve() });
    await shared.enqueue({ scanId: "scan_3" });
    await shared.close();
    expect(destroyed).toBe(1);
    host.destroy();
    expect(destroyed).toBe(2);
  });
});
