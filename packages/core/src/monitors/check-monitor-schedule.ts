import { Cron } from "croner";
import type { MonitorSchedule } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";

/** Upcoming cron runs compared to find the shortest gap: enough to see a pattern's densest stretch in a day. */
const CRON_SAMPLE_RUNS = 400;

/** The cron job of a schedule, paused (never fires): for checking and for computing runs. */
export function cronOf(schedule: Extract<MonitorSchedule, { kind: "cron" }>): Cron {
  return new Cron(schedule.expression, { timezone: schedule.timezone ?? "UTC", paused: true, mode: "5-part" });
}

/**
 * Refuses a schedule that would run more often than the deployment's minimum interval, a cron expression
 * croner cannot read, or a time zone the runtime does not know. A cron schedule's shortest gap is measured
 * over its next runs (`*\/5 * * * *` every five minutes; `0 9,10 * * *` one hour apart).
 */
export function checkMonitorSchedule(schedule: MonitorSchedule, minIntervalSeconds: number): void {
  const tooOften = (every: number) =>
    new ServiceError(
      "invalid_request",
      `The schedule would run every ${every} s; this deployment runs a monitor at most every ${minIntervalSeconds} s.`,
    );
  if (schedule.kind === "interval") {
    if (schedule.everySeconds < minIntervalSeconds) throw tooOften(schedule.everySeconds);
    return;
  }
  if (schedule.timezone !== undefined && !isTimeZone(schedule.timezone))
    throw new ServiceError("invalid_request", "schedule.timezone must be an IANA time zone such as Europe/Paris.");
  let runs: Date[];
  try {
    runs = cronOf(schedule).nextRuns(CRON_SAMPLE_RUNS);
  } catch {
    throw new ServiceError("invalid_request", "schedule.expression is not a cron expression this service can read.");
  }
  if (runs.length === 0) throw new ServiceError("invalid_request", "schedule.expression never runs.");
  let shortest = Number.POSITIVE_INFINITY;
  for (let index = 1; index < runs.length; index += 1) shortest = Math.min(shortest, runs[index]!.getTime() - runs[index - 1]!.getTime());
  if (shortest / 1000 < minIntervalSeconds) throw tooOften(Math.round(shortest / 1000));
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
