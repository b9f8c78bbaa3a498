/**
 * The largest k in 0..n for which `fits(k)` holds, assuming fits is monotone (true up to some k, false
 * after). Binary search, so trimming a long list to a byte budget serialises it O(log n) times, not n.
 */
export function largestFittingCount(n: number, fits: (count: number) => boolean): number {
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
