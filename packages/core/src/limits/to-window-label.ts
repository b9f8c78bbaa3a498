import type { CounterWindow } from "../ports/counter-store.js";

const UNITS = [
  [3_600_000, "H"],
  [60_000, "M"],
  [1_000, "S"],
] as const;

/**
 * The window as `rateLimit.window` reports it: an ISO 8601 duration (`PT10M`, `PT24H`, `PT1M`) or `utc_day`.
 * Hours are not folded into days: a rolling 24 hours is not a calendar day, and `P1D` would suggest one.
 */
export function toWindowLabel(window: CounterWindow): string {
  if (window.kind === "utc_day") return "utc_day";
  for (const [ms, designator] of UNITS) if (window.ms % ms === 0) return `PT${window.ms / ms}${designator}`;
  return `PT${window.ms / 1000}S`;
}
