/**
 * Maps the items with at most `limit` calls in flight, in order of the items. A scanner's deadline starts
 * when `scan()` is called, its wait for a browser slot included: a test that hands a scanner all its sites
 * at once makes the last ones spend their deadline queueing. Started here one by one, each scan's clock
 * runs only while it works.
 */
export async function mapConcurrently<T, R>(options: { items: readonly T[]; limit: number; run: (item: T) => Promise<R> }): Promise<R[]> {
  const results: R[] = new Array<R>(options.items.length);
  let next = 0;
  const worker = async () => {
    while (next < options.items.length) {
      const index = next++;
      results[index] = await options.run(options.items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.limit, options.items.length) }, worker));
  return results;
}
