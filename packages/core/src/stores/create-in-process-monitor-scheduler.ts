import { Cron } from "croner";
import type { MonitorSchedule } from "../contract/index.js";
import type { MonitorScheduler, MonitorSchedulerFactory, MonitorTick } from "../ports/monitor-scheduler.js";

export interface InProcessMonitorSchedulerOptions {
  /** Told what a tick's run threw (the scheduler goes on with the next tick). */
  onError?: (error: unknown, tick: MonitorTick) => void;
}

/**
 * The tick a firing belongs to: its scheduled time, not the moment the timer ran (which may be late by
 * a busy event loop). Interval ticks sit on multiples of the interval since the epoch; cron ticks on the
 * minute (five-field expressions have no seconds).
 */
function tickOf(schedule: MonitorSchedule, firedAt: number): string {
  const step = schedule.kind === "interval" ? schedule.everySeconds * 1000 : 60_000;
  return new Date(Math.round(firedAt / step) * step).toISOString();
}

/**
 * Monitors' schedules in one process, on croner (the embedded default): a cron job per monitor in its
 * time zone, or for an interval a job that fires on the interval's multiples since the epoch (croner's
 * minimum-interval option, started at the next multiple). Nothing persists: the host registers every
 * active monitor when it starts (`syncMonitorSchedules`). Runs of one tick never overlap a later tick's.
 * A tick whose run is not over (`resumeAt`) is run again then, on a timer; a restart in between leaves it
 * to the host's start (`resumeMonitorRuns`).
 */
export function createInProcessMonitorScheduler(options: InProcessMonitorSchedulerOptions = {}): MonitorSchedulerFactory {
  return (onTick) => {
    const jobs = new Map<string, Cron>();
    const running = new Set<Promise<void>>();
    const resumes = new Set<ReturnType<typeof setTimeout>>();
    let closed = false;
    const run = (tick: MonitorTick) => {
      const pass = onTick(tick)
        .then((outcome) => {
          if (outcome === undefined || closed) return;
          const timer = setTimeout(
            () => {
              resumes.delete(timer);
              if (!closed) run(tick);
            },
            Math.max(0, Date.parse(outcome.resumeAt) - Date.now()),
          );
          resumes.add(timer);
        })
        // A run stopped by the shutdown is not an error: the next start goes on with it.
        .catch((error: unknown) => {
          if (!closed) options.onError?.(error, tick);
        })
        .finally(() => running.delete(pass));
      running.add(pass);
    };
    const fire = (monitorId: string, schedule: MonitorSchedule) => run({ monitorId, scheduledAt: tickOf(schedule, Date.now()) });
    const scheduler: MonitorScheduler = {
      schedule: ({ monitorId, schedule }) => {
        if (closed) return Promise.reject(new Error("monitor scheduler is closed"));
        jobs.get(monitorId)?.stop();
        const job =
          schedule.kind === "cron"
            ? new Cron(schedule.expression, { timezone: schedule.timezone ?? "UTC", mode: "5-part" }, () => fire(monitorId, schedule))
            : new Cron(
                "* * * * * *",
                {
                  interval: schedule.everySeconds,
                  startAt: new Date(Math.ceil(Date.now() / (schedule.everySeconds * 1000)) * schedule.everySeconds * 1000),
                },
                () => fire(monitorId, schedule),
              );
        jobs.set(monitorId, job);
        return Promise.resolve();
      },
      runNow: (tick) => {
        if (!closed) run(tick);
      },
      unschedule: (monitorId) => {
        jobs.get(monitorId)?.stop();
        jobs.delete(monitorId);
        return Promise.resolve();
      },
      close: async () => {
        closed = true;
        for (const job of jobs.values()) job.stop();
        for (const timer of resumes) clearTimeout(timer);
        resumes.clear();
        jobs.clear();
        await Promise.allSettled([...running]);
      },
    };
    return scheduler;
  };
}
