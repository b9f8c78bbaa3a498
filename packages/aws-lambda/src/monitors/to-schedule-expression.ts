import { ServiceError, type MonitorSchedule } from "@public-scan/core";

/** A five-field day-of-week item (0-7, Sunday 0 or 7) as EventBridge's (1-7, Sunday 1); names pass as they are. */
function toEventBridgeDay(item: string): string {
  const [range, step] = item.split("/");
  const mapped = range!
    .split("-")
    .map((part) => (/^\d$/.test(part) ? String((Number(part) % 7) + 1) : part))
    .join("-");
  return step === undefined ? mapped : `${mapped}/${step}`;
}

/**
 * A monitor's schedule as an EventBridge Scheduler expression: `rate(N minutes)` for an interval (whole
 * minutes only: Scheduler has no finer rate), or `cron(m h dom mon dow *)` for a five-field expression, with
 * Scheduler's rules applied: one of day-of-month and day-of-week must be `?`, and days of the week count
 * from Sunday = 1. A schedule Scheduler cannot express (seconds, both day fields restricted) is refused as
 * `invalid_request`, before anything is stored.
 */
export function toScheduleExpression(schedule: MonitorSchedule): { expression: string; timezone: string } {
  if (schedule.kind === "interval") {
    if (schedule.everySeconds % 60 !== 0)
      throw new ServiceError("invalid_request", "schedule.everySeconds: this deployment schedules whole minutes (a multiple of 60).");
    const minutes = schedule.everySeconds / 60;
    return { expression: `rate(${minutes} ${minutes === 1 ? "minute" : "minutes"})`, timezone: "UTC" };
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = schedule.expression.trim().split(/\s+/) as [string, string, string, string, string];
  const anyDay = (field: string) => field === "*" || field === "?";
  if (!anyDay(dayOfMonth) && !anyDay(dayOfWeek))
    throw new ServiceError(
      "invalid_request",
      "schedule.expression: this deployment cannot restrict both the day of the month and the day of the week.",
    );
  const days = anyDay(dayOfWeek)
    ? [dayOfMonth === "?" ? "*" : dayOfMonth, "?"]
    : ["?", dayOfWeek.split(",").map(toEventBridgeDay).join(",")];
  return { expression: `cron(${minute} ${hour} ${days[0]} ${month} ${days[1]} *)`, timezone: schedule.timezone ?? "UTC" };
}
