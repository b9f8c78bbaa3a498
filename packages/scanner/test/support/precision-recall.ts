/** What one measure of a detector counts: found and right, found but wrong, and there but not found. */
export interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export const emptyCounts = (): Counts => ({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });

/** Adds `from` into `into`, in place. */
export function addCounts(into: Counts, from: Counts): void {
  into.truePositives += from.truePositives;
  into.falsePositives += from.falsePositives;
  into.falseNegatives += from.falseNegatives;
}

/** Of what was found, the share that was right; 1 when nothing was found (nothing wrong was claimed). */
export function precisionOf(counts: Counts): number {
  const found = counts.truePositives + counts.falsePositives;
  return found === 0 ? 1 : counts.truePositives / found;
}

/** Of what was there, the share that was found. */
export function recallOf(counts: Counts): number {
  const present = counts.truePositives + counts.falseNegatives;
  return present === 0 ? 1 : counts.truePositives / present;
}
