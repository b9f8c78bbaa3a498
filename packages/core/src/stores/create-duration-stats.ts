import type { DurationStats } from "../ports/duration-stats.js";

/**
 * The last `window` completed scan durations of this process, kept in memory: the estimate follows how
 * long scans take here and now (site mix, machine load), and needs no storage.
 */
export function createDurationStats(options: { window?: number } = {}): DurationStats {
  const window = options.window ?? 50;
  const recent: number[] = [];
  return {
    record(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) return;
      recent.push(seconds);
      if (recent.length > window) recent.shift();
    },
    typical() {
      if (recent.length === 0) return null;
      const sorted = [...recent].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    },
  };
}
