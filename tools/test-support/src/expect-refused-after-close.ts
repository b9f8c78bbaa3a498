import { expect } from "vitest";

/**
 * After close, a store refuses a read and a write instead of reconnecting (or creating a client) behind its
 * owner's back: the same promise from every engine's stores.
 */
export async function expectRefusedAfterClose<Store extends { close(): Promise<void> }>(
  store: Store,
  operations: { read: (store: Store) => Promise<unknown>; write: (store: Store) => Promise<unknown> },
): Promise<void> {
  await operations.read(store);
  await store.close();
  await expect(operations.read(store)).rejects.toThrow(/closed/);
  await expect(operations.write(store)).rejects.toThrow(/closed/);
}
