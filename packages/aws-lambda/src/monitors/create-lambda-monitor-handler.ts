import { MonitorIdSchema, runMonitorTick, type MonitorDeps } from "@public-scan/core";
import type { LambdaSqsBatchResponse, LambdaSqsEvent, LambdaWorkerContext } from "../worker/create-lambda-worker-handler.js";

export interface LambdaMonitorHandlerOptions {
  /** Builds the monitors' deps once per execution environment (stores, the service, the webhook sender). */
  createMonitors(): MonitorDeps | Promise<MonitorDeps>;
  /** Time kept back from the function's remaining time: a run stops following its scan this long before the end. Default 20 s. */
  safetyMarginMs?: number;
  /** Told about messages that could not be processed (a bad body, a store error). */
  onError?: (error: unknown, messageId: string) => void;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The monitor tick queue's consumer on Lambda: each SQS message is one tick that EventBridge Scheduler sent
 * (`{"monitorId","scheduledAt"}`), run with `runMonitorTick`. A run still following its scan when the
 * invocation nears its end is left `running` and its message reported in `batchItemFailures`: SQS delivers
 * it again after the visibility timeout, and the run goes on (the same scan, the same message id). A tick
 * Scheduler sent twice is one run. A body that is not a tick is reported to `onError` and dropped.
 */
export function createLambdaMonitorHandler(
  options: LambdaMonitorHandlerOptions,
): (event: LambdaSqsEvent, context: LambdaWorkerContext) => Promise<LambdaSqsBatchResponse> {
  const margin = options.safetyMarginMs ?? 20_000;
  let building: Promise<MonitorDeps> | undefined;
  const monitors = () =>
    (building ??= Promise.resolve()
      .then(() => options.createMonitors())
      .catch((error: unknown) => {
        building = undefined;
        throw error;
      }));

  return async (event, context) => {
    const deps = await monitors();
    const batchItemFailures: LambdaSqsBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      const tick = parseTick(record.body);
      if (tick === null) {
        options.onError?.(new Error("not a monitor tick"), record.messageId);
        continue;
      }
      try {
        const run = await runMonitorTick(deps, tick, { pauseAt: Date.now() + context.getRemainingTimeInMillis() - margin });
        if (run?.status === "running") batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        options.onError?.(error, record.messageId);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

function parseTick(body: string): { monitorId: string; scheduledAt: string } | null {
  try {
    const value = JSON.parse(body) as { monitorId?: unknown; scheduledAt?: unknown };
    if (typeof value.monitorId !== "string" || !MonitorIdSchema.safeParse(value.monitorId).success) return null;
    if (typeof value.scheduledAt !== "string" || !ISO_TIME.test(value.scheduledAt)) return null;
    return { monitorId: value.monitorId.toLowerCase(), scheduledAt: new Date(value.scheduledAt).toISOString() };
  } catch {
    return null;
  }
}
