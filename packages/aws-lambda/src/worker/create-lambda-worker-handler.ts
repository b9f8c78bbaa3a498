import { runScanJob, type WorkerDeps } from "@public-scan/core";

/** The parts of an SQS event the worker reads (the shape of @types/aws-lambda's `SQSEvent`). */
export interface LambdaSqsEvent {
  Records: ReadonlyArray<{ messageId: string; body: string; attributes: { ApproximateReceiveCount: string } }>;
}

/** The parts of the Lambda context the worker reads. */
export interface LambdaWorkerContext {
  getRemainingTimeInMillis(): number;
}

/** Partial batch response: the messages SQS should deliver again (the event source mapping must report them). */
export interface LambdaSqsBatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

export interface LambdaWorkerHandlerOptions {
  /**
   * Builds the worker's service once per execution environment (stores, the scanner with its browser, which
   * stays open across warm invocations); retried on the next event after a failure.
   */
  createWorker(): WorkerDeps | Promise<WorkerDeps>;
  /**
   * Time kept back from the function's remaining time when a scan starts, so the scan ends (`expired`, with
   * the error envelope) and is written before Lambda stops the function. Default 20 s.
   */
  safetyMarginMs?: number;
  /** Told about messages that could not be processed (a bad body, a store error). */
  onError?: (error: unknown, messageId: string) => void;
}

const SCAN_ID = /^[\w-]{1,128}$/;

/**
 * The scan worker as an SQS-triggered Lambda function: one scan per message, in order. Each scan's deadline
 * is the service's job deadline, shortened to the function's remaining time less the safety margin, so a
 * scan never outlives the invocation: it ends `expired` instead of staying `running`. A message SQS delivers
 * again (its receive count above 1) is marked redelivered, so a scan a timed-out invocation left running is
 * taken over; a message for a scan already ended does nothing (jobs are idempotent). Messages that fail
 * (a malformed body, a store that does not answer) are reported in `batchItemFailures`, so SQS retries
 * them alone and its redrive policy moves them to the dead-letter queue in the end.
 */
export function createLambdaWorkerHandler(
  options: LambdaWorkerHandlerOptions,
): (event: LambdaSqsEvent, context: LambdaWorkerContext) => Promise<LambdaSqsBatchResponse> {
  const margin = options.safetyMarginMs ?? 20_000;
  let building: Promise<WorkerDeps> | undefined;
  const worker = () =>
    (building ??= Promise.resolve()
      .then(() => options.createWorker())
      .catch((error: unknown) => {
        building = undefined;
        throw error;
      }));

  return async (event, context) => {
    const deps = await worker();
    const batchItemFailures: LambdaSqsBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        const scanId = parseScanId(record.body);
        const remaining = context.getRemainingTimeInMillis() - margin;
        // Too little time left for any scan: SQS delivers the message again, to a fresh invocation.
        if (remaining <= 0) throw new Error("too little time left in this invocation to start a scan");
        await runScanJob(
          { ...deps, jobDeadlineMs: Math.min(deps.jobDeadlineMs, remaining) },
          { scanId, ...(Number(record.attributes.ApproximateReceiveCount) > 1 ? { redelivered: true } : {}) },
        );
      } catch (error) {
        options.onError?.(error, record.messageId);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

/** The scan id of a job message (`{"scanId":"…"}`, what the SQS job queue sends). */
function parseScanId(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error("the message body is not JSON");
  }
  const scanId = (parsed as { scanId?: unknown } | null)?.scanId;
  if (typeof scanId !== "string" || !SCAN_ID.test(scanId)) throw new Error("the message body has no valid scanId");
  return scanId;
}
