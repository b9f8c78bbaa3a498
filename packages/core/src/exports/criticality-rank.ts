import type { Criticality } from "../contract/finding.js";

/** Criticalities from the most to the least important; a gate at `low` fails on low, medium and high. */
export const CRITICALITY_ORDER: readonly Criticality[] = ["high", "medium", "low", "info"];

/** Whether `criticality` is at `threshold` or above it. */
export function isAtLeast(criticality: Criticality, threshold: Criticality): boolean {
  return CRITICALITY_ORDER.indexOf(criticality) <= CRITICALITY_ORDER.indexOf(threshold);
}
