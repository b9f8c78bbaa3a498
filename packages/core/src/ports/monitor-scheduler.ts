import type { MonitorRecord } from "../domain/monitor-record.js";

/** One firing of a monitor's schedule: the tick's time identifies its run in every process. */
export interface MonitorTick {
  monitorId: string;
  /** The scheduled time of the tick (not when a process got to it), ISO 8601 UTC. */
  scheduledAt: string;
}

/**
 * The engine that fires monitors' schedules: croner in one process, BullMQ job schedulers in a cluster
 * (one job per tick whichever worker takes it, kept in Redis across restarts), EventBridge Scheduler on
 * Lambda. The service registers a monitor's schedule when it is created or resumed and removes it when it
 * is paused, disabled or deleted; a tick of a monitor that is no longer active is dropped by its run.
 */
export interface MonitorScheduler {
  schedule(monitor: Pick<MonitorRecord, "monitorId" | "schedule">): Promise<void>;
  unschedule(monitorId: string): Promise<void>;
  /**
   * Runs a tick now, as if it had fired, with the engine's own handling of a run that is not over: what a
   * host calls at start for the runs a stopped process left running, when its engine keeps nothing (croner).
   */
  runNow?(tick: MonitorTick): void;
  close(): Promise<void>;
}

/**
 * What a tick's handler answers when its run is not over (a delivery waits to retry): the time to call it
 * again with the same tick. The engine keeps that call (a delayed job in BullMQ, a timer in one process),
 * so a run waiting minutes for a receiver holds no tick slot meanwhile.
 */
export interface MonitorTickOutcome {
  resumeAt: string;
}

/** Builds a scheduler that calls `onTick` for each tick it fires (a producer-only one never calls it). */
export type MonitorSchedulerFactory = (onTick: (tick: MonitorTick) => Promise<MonitorTickOutcome | void>) => MonitorScheduler;
