import { GetQueueAttributesCommand, SendMessageCommand, SQSClient, type SQSClientConfig } from "@aws-sdk/client-sqs";
import type { JobQueue, JobQueueFactory } from "@public-scan/core";

export interface SqsJobQueueOptions {
  /** The scan queue's URL (`https://sqs.<region>.amazonaws.com/<account>/<name>`). */
  readonly queueUrl: string;
  /** A client of the host's (never destroyed by close), or the configuration of one the queue makes. */
  readonly client?: SQSClient;
  readonly clientConfig?: SQSClientConfig;
  /** How often drain() asks SQS for the queue's counts (default 1000 ms). */
  readonly drainPollMs?: number;
}

const SCAN_ID = /^[\w-]{1,128}$/;

/**
 * The JobQueue of a Lambda deployment's API: each job is one SQS message `{"scanId":"…"}` on a standard
 * queue, which the worker function (createLambdaWorkerHandler) consumes. Workers run elsewhere, so the
 * handlers given by createLocalService are not run here. SQS delivers at least once: a duplicate message is
 * harmless, because a job is idempotent (a scan that is no longer queued is not run again).
 */
export function createSqsJobQueue(options: SqsJobQueueOptions): JobQueueFactory {
  return () => openSqsJobQueue(options);
}

function openSqsJobQueue(options: SqsJobQueueOptions): JobQueue {
  const client = options.client ?? new SQSClient(options.clientConfig ?? {});
  let closed = false;
  return {
    async enqueue(job) {
      if (closed) throw new Error("job queue is closed");
      if (!SCAN_ID.test(job.scanId)) throw new RangeError("scanId must be 1-128 letters, digits, '_' or '-'");
      await client.send(new SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: JSON.stringify({ scanId: job.scanId }) }));
    },
    // SQS counts are approximate (and lag by up to a minute): drain is for operations and tests, not a barrier.
    async drain() {
      for (;;) {
        const { Attributes = {} } = await client.send(
          new GetQueueAttributesCommand({
            QueueUrl: options.queueUrl,
            AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"],
          }),
        );
        if (Object.values(Attributes).every((count) => Number(count) === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, options.drainPollMs ?? 1000));
      }
    },
    // Approximate, like drain's: messages visible or delayed wait; messages received and not yet deleted run.
    async depth() {
      const { Attributes = {} } = await client.send(
        new GetQueueAttributesCommand({
          QueueUrl: options.queueUrl,
          AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed"],
        }),
      );
      const count = (name: string) => Number(Attributes[name as keyof typeof Attributes] ?? 0) || 0;
      return {
        waiting: count("ApproximateNumberOfMessages") + count("ApproximateNumberOfMessagesDelayed"),
        running: count("ApproximateNumberOfMessagesNotVisible"),
      };
    },
    close() {
      if (!closed && options.client === undefined) client.destroy();
      closed = true;
      return Promise.resolve();
    },
  };
}
