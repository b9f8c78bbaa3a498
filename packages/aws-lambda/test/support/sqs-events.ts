import type { SQSEvent, SQSRecord } from "aws-lambda";

/** One SQS record as Lambda's event source mapping delivers it (the shape of @types/aws-lambda's `SQSRecord`). */
export function sqsRecord(body: string, input: { messageId?: string; receiveCount?: number } = {}): SQSRecord {
  const messageId = input.messageId ?? crypto.randomUUID();
  return {
    messageId,
    receiptHandle: `AQEB${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(input.receiveCount ?? 1),
      SentTimestamp: String(Date.now()),
      SenderId: "AROAEXAMPLE:public-scan-api",
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:eu-west-1:123456789012:public-scan-scans",
    awsRegion: "eu-west-1",
  };
}

export const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

/** A Lambda context whose remaining time is what the test says. */
export const contextWithRemaining = (ms: number) => ({ getRemainingTimeInMillis: () => ms });
