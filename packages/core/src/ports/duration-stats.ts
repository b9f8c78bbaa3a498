/**
 * The DurationStats port: observed scan durations, for the remaining-time estimate of running jobs. Hosts
 * inject one (`createDurationStats` keeps them in memory); without it no estimate is claimed.
 */
export interface DurationStats {
  record(seconds: number): void;
  /** The median of the recent durations, or null before any scan completed. */
  typical(): number | null;
}
