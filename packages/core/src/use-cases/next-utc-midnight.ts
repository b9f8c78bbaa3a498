/** The next 00:00 UTC after `now`, as an ISO date-time: when daily quotas reset. */
export function nextUtcMidnight(now: number): string {
  const date = new Date(now);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
}
