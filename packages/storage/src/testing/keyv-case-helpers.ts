import type { KeyvStorageAdapter } from "keyv";

/** Resolves once `Date.now()` is past `expires` by a margin, so an entry expiring then is gone on every clock. */
export function waitPast(expires: number): Promise<void> {
  const margin = 30;
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now() + margin)));
}

/** Runs `work` with the adapter's namespace set to `namespace` (as keyv sets it), then puts the old one back. */
export async function withNamespace<T>(store: KeyvStorageAdapter, namespace: string | undefined, work: () => Promise<T>): Promise<T> {
  const previous = store.namespace;
  store.namespace = namespace;
  try {
    return await work();
  } finally {
    store.namespace = previous;
  }
}

/** Whether a setMany answer says every entry was written: keyv's type lets an adapter answer undefined for that. */
export function allWritten(answer: boolean[] | undefined, count: number): boolean {
  return answer === undefined || (answer.length === count && answer.every((written) => written));
}
