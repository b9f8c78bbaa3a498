import type { MonitorScheduler, MonitorSchedulerFactory, MonitorTick } from "@public-scan/core";
import type { ConnectionOptions, Job, Queue, Worker } from "bullmq";
import type { RedisOptions } from "ioredis";

export interface BullmqMonitorSchedulerOptions {
  /** Options or URL for the connections BullMQ opens (and closes on close()); bullmq is loaded lazily. */
  readonly connection?: RedisOptions | string;
  /** Default `public-scan-monitors`. Every process of a deployment shares it. */
  readonly queueName?: string;
  /** BullMQ's key prefix (default `public-scan`). */
  readonly prefix?: string;
  /** `producer`: registers schedules only (an API process). `worker` or `both` (default): also runs ticks. */
  readonly role?: "producer" | "worker" | "both";
  /** Ticks one worker runs at once (default 4): a run mostly waits for its scan. */
  readonly concurrency?: number;
  /** A running tick's lock; renewed while its worker lives (default 30 s). */
  readonly lockDurationMs?: number;
  /** How often a worker looks for ticks whose worker died, to run them again (default: lockDurationMs). */
  readonly stalledIntervalMs?: number;
  /** Told about a tick's last error and about connection errors (default: ignored). */
  readonly onError?: (error: unknown, tick?: MonitorTick) => void;
}

export const DEFAULT_BULLMQ_MONITOR_QUEUE_NAME = "public-scan-monitors";
/** Runs of one tick when its handler throws (a store that is briefly down); the run itself resumes where it stopped. */
const TICK_ATTEMPTS = 3;
/** The name of a job that takes a tick's run up again (a scheduler's jobs are named `tick`). */
const RESUME_JOB = "resume";
const JOB_OPTIONS = {
  attempts: TICK_ATTEMPTS,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 1000 },
} as const;

/**
 * A delayed job that runs the tick again at `resumeAt`. Its id names the run and the time, so a pass run
 * twice (a stalled job taken over) adds it once.
 */
async function resumeLater(queue: Queue, input: { tick: MonitorTick; resumeAt: string }): Promise<void> {
  const at = Date.parse(input.resumeAt);
  const id = `resume-${input.tick.monitorId}-${Date.parse(input.tick.scheduledAt)}-${at}`;
  await queue.add(RESUME_JOB, { ...input.tick }, { ...JOB_OPTIONS, jobId: id, delay: Math.max(0, at - Date.now()) });
}

/**
 * Monitors' schedules as BullMQ job schedulers (one per monitor, its id the monitor's), for a deployment of
 * several processes: BullMQ adds one job per tick in Redis whichever process registered the schedule, one
 * worker takes it, and the schedule survives restarts. A worker that dies mid-tick loses its lock; another
 * worker's stalled check runs the tick again, and the run goes on from where it stopped (`runMonitorTick`).
 * A tick's time is the job's scheduled time, so every attempt of it names the same run. A run that is not
 * over (its delivery waits to retry) is taken up again by a delayed `resume` job at the time it asked for,
 * on whichever worker: the wait holds no tick slot and survives restarts.
 */
export function createBullmqMonitorScheduler(options: BullmqMonitorSchedulerOptions = {}): MonitorSchedulerFactory {
  const queueName = options.queueName ?? DEFAULT_BULLMQ_MONITOR_QUEUE_NAME;
  if (!/^[\w.-]+$/.test(queueName)) throw new RangeError("queueName may hold letters, digits, '_', '.' and '-' only");
  const connection = (
    typeof options.connection === "string" ? { url: options.connection } : { ...options.connection }
  ) as ConnectionOptions;
  const base = { connection, prefix: options.prefix ?? "public-scan" };
  const onError = options.onError ?? (() => undefined);
  const lockDuration = options.lockDurationMs ?? 30_000;

  return (onTick) => {
    const opened = import("bullmq").then(({ Queue: QueueClass, Worker: WorkerClass }) => {
      const queue: Queue = new QueueClass(queueName, base);
      queue.on("error", (error) => onError(error));
      let worker: Worker | undefined;
      if ((options.role ?? "both") !== "producer") {
        worker = new WorkerClass(
          queueName,
          async (job: Job<{ monitorId: string; scheduledAt?: string }>) => {
            // A resume job carries its tick; a scheduler's job is its tick.
            const scheduledAt = job.name === RESUME_JOB && job.data.scheduledAt !== undefined ? job.data.scheduledAt : null;
            const tick = { monitorId: job.data.monitorId, scheduledAt: scheduledAt ?? new Date(scheduledMillis(job)).toISOString() };
            try {
              const outcome = await onTick(tick);
              if (outcome !== undefined) await resumeLater(queue, { tick, resumeAt: outcome.resumeAt });
            } catch (error) {
              if (job.attemptsMade + 1 >= TICK_ATTEMPTS) onError(error, tick);
              throw error;
            }
          },
          {
            ...base,
            concurrency: options.concurrency ?? 4,
            lockDuration,
            stalledInterval: options.stalledIntervalMs ?? lockDuration,
          },
        );
        worker.on("error", (error) => onError(error));
      }
      return { queue, worker };
    });
    opened.catch((error: unknown) => onError(error));
    let closing: Promise<void> | undefined;

    const scheduler: MonitorScheduler = {
      async schedule({ monitorId, schedule }) {
        if (closing !== undefined) throw new Error("monitor scheduler is closed");
        const { queue } = await opened;
        await queue.upsertJobScheduler(
          monitorId,
          schedule.kind === "interval"
            ? { every: schedule.everySeconds * 1000 }
            : { pattern: schedule.expression, tz: schedule.timezone ?? "UTC" },
          {
            name: "tick",
            data: { monitorId },
            opts: JOB_OPTIONS,
          },
        );
      },
      async unschedule(monitorId) {
        if (closing !== undefined) throw new Error("monitor scheduler is closed");
        const { queue } = await opened;
        await queue.removeJobScheduler(monitorId);
      },
      close() {
        closing ??= opened.then(
          async ({ queue, worker }) => {
            await worker?.close();
            await queue.close();
          },
          () => undefined,
        );
        return closing;
      },
    };
    return scheduler;
  };
}

/** The tick a scheduler's job stands for: its scheduled time (`prevMillis`), else the one its id carries. */
function scheduledMillis(job: Job): number {
  const fromOpts = (job.opts as { prevMillis?: number }).prevMillis;
  if (typeof fromOpts === "number" && fromOpts > 0) return fromOpts;
  const fromId = Number(job.id?.split(":").at(-1));
  return Number.isFinite(fromId) && fromId > 0 ? fromId : job.timestamp;
}
