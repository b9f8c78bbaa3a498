import { emptyCounts, type Counts } from "../support/precision-recall.js";

/**
 * A set of items (cookies, storage keys, hosts, vendors, services): an item found and expected is a true
 * positive, one found but not expected a false positive, one expected but not found a false negative.
 */
export function countSet(options: { expected: Iterable<string>; observed: Iterable<string> }): Counts {
  const expected = new Set(options.expected);
  const observed = new Set(options.observed);
  const counts = emptyCounts();
  for (const item of observed) counts[expected.has(item) ? "truePositives" : "falsePositives"] += 1;
  for (const item of expected) if (!observed.has(item)) counts.falseNegatives += 1;
  return counts;
}

/**
 * A yes/no label (a first-layer button, a disclosure, a US-privacy link): yes in both is a true positive, a
 * yes only found a false positive, a yes only expected a false negative. A "no" both agree on is not counted,
 * so the figures are not inflated by what a page plainly lacks.
 */
export function countBinary(options: { expected: boolean; observed: boolean }): Counts {
  return {
    truePositives: options.expected && options.observed ? 1 : 0,
    falsePositives: !options.expected && options.observed ? 1 : 0,
    falseNegatives: options.expected && !options.observed ? 1 : 0,
  };
}

/**
 * A label with one value that means "nothing there" (`none`: no CMP, no banner, no action to take): the
 * expected value is a true positive; a different value where one is expected is a false positive and a false
 * negative (a wrong CMP name is both a wrong claim and a miss); a value where none is expected a false
 * positive; none where one is expected a false negative; none in both is not counted.
 */
export function countCategorical(options: { expected: string; observed: string; none: string }): Counts {
  const { expected, observed, none } = options;
  const counts = emptyCounts();
  if (expected === observed) {
    if (expected !== none) counts.truePositives = 1;
    return counts;
  }
  if (observed !== none) counts.falsePositives = 1;
  if (expected !== none) counts.falseNegatives = 1;
  return counts;
}
