/** Per store, the tail of the queue of createScan calls for each target key. */
const tails = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs `work` for one target only after the previous call for the same target and store has settled, so
 * two concurrent requests for a new target in one process cannot both be charged and both queue a scan:
 * the second one finds the first one's scan and joins it, without a store round trip lost to a race.
 * Across processes sharing a store, the store's atomic `createIfNoActive` decides instead.
 */
export async function withTargetLock<T>(store: object, input: { targetKey: string; work: () => Promise<T> }): Promise<T> {
  let byKey = tails.get(store);
  if (byKey === undefined) {
    byKey = new Map();
    tails.set(store, byKey);
  }
  const previous = byKey.get(input.targetKey) ?? Promise.resolve();
  const current = previous.then(input.work, input.work);
  const tail = current.catch(() => undefined);
  byKey.set(input.targetKey, tail);
  try {
    return await current;
  } finally {
    // The last caller for a key removes it, so the map does not grow with every target ever scanned.
    if (byKey.get(input.targetKey) === tail) byKey.delete(input.targetKey);
  }
}
