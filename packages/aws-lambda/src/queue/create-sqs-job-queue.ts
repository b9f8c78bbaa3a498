import type * as Sqs from "@aws-sdk/client-sqs";
import type { SQSClient, SQSClientConfig } from "@aws-sdk/client-sqs";
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

const COUNT_ATTRIBUTES = [
  "ApproximateNumberOfMessages",
  "ApproximateNumberOfMessagesNotVisible",
  "ApproximateNumberOfMessagesDelayed",
] as const;

function openSqsJobQueue(options: SqsJobQueueOptions): JobQueue {
  // The SDK's SQS module loads at the queue's first call, not at its opening: a function that opens the queue
  // at its cold start and answers reads (the API's GETs, its health) never compiles it.
  let own: SQSClient | undefined;
  let loaded: Promise<{ sdk: typeof Sqs; client: SQSClient }> | undefined;
  const load = () =>
    (loaded ??= import("@aws-sdk/client-sqs").then((sdk) => ({
      sdk,
      client: options.client ?? (own = new sdk.SQSClient(options.clientConfig ?? {})),
    })));
  const counts = async () => {
    const { sdk, client } = await load();
    const { Attributes = {} } = await client.send(
      new sdk.GetQueueAttributesCommand({ QueueUrl: options.queueUrl, AttributeNames: [...COUNT_ATTRIBUTES] }),
    );
    return (name: (typeof COUNT_ATTRIBUTES)[number]) => Number(Attributes[name] ?? 0) || 0;
  };
  let closed = false;
  return {
    async enqueue(job) {
      if (closed) throw new Error("job queue is closed");
      if (!SCAN_ID.test(job.scanId)) throw new RangeError("scanId must be 1-128 letters, digits, '_' or '-'");
      const { sdk, client } = await load();
      await client.send(new sdk.SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: JSON.stringify({ scanId: job.scanId }) }));
    },
    // SQS counts are approximate (and lag by up to a minute): drain is for operations and tests, not a barrier.
    async drain() {
      for (;;) {
        const count = await counts();
        if (COUNT_ATTRIBUTES.every((name) => count(name) === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, options.drainPollMs ?? 1000));
      }
    },
    // Approximate, like drain's: messages visible or delayed wait; messages received and not yet deleted run.
    async depth() {
      const count = await counts();
      return {
        waiting: count("ApproximateNumberOfMessages") + count("ApproximateNumberOfMessagesDelayed"),
        running: count("ApproximateNumberOfMessagesNotVisible"),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      // A client this queue made is destroyed, once its loading (if begun) has ended; a host's client is left open.
      await loaded?.then(
        () => own?.destroy(),
        () => undefined,
      );
    },
  };
}
