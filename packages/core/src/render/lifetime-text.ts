const DAY = 86_400;

/**
 * A cookie's lifetime in words, rounded the way people read them: "session" (no expiry), "under 1 hour",
 * "5 hours", "12 days", "13 months", "2 years". The report page and the terminal say the same.
 */
export function lifetimeText(seconds: number | null): string {
  if (seconds === null) return "session";
  if (seconds < 3600) return "under 1 hour";
  if (seconds < DAY) return unit(Math.round(seconds / 3600), "hour");
  if (seconds < 60 * DAY) return unit(Math.round(seconds / DAY), "day");
  if (seconds < 730 * DAY) return unit(Math.round(seconds / (30.44 * DAY)), "month");
  return unit(Math.round(seconds / (365.25 * DAY)), "year");
}

const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
