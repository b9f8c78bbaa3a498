import { EventEmitter } from "node:events";
import { keyvStorageCapability, type KeyvStorageAdapter, type KeyvStorageEntry } from "keyv";

type MaybePromise<T> = T | Promise<T>;

/**
 * What one backend implements: keyv's storage operations for string values, each synchronous (node:sqlite)
 * or asynchronous (Redis). The shell turns every one into an async method.
 */
export interface KeyvStoreOperations {
  get(key: string): MaybePromise<string | undefined>;
  getMany(keys: string[]): MaybePromise<Array<string | undefined>>;
  has(key: string): MaybePromise<boolean>;
  hasMany(keys: string[]): MaybePromise<boolean[]>;
  set(key: string, value: unknown, expires?: number): MaybePromise<boolean>;
  setMany(entries: KeyvStorageEntry<unknown>[]): MaybePromise<boolean[]>;
  delete(key: string): MaybePromise<boolean>;
  deleteMany(keys: string[]): MaybePromise<boolean[]>;
  clear(): MaybePromise<void>;
  disconnect(): MaybePromise<void>;
}

/** Each operation as an async method. */
export type AsyncOperations<M> = {
  [K in keyof M]: M[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : M[K];
};

/** A keyv 6 storage adapter whose namespace is a plain property, as keyv sets it, with the backend's extra methods. */
export type KeyvAdapter<M extends KeyvStoreOperations> = KeyvStorageAdapter & AsyncOperations<M> & { namespace: string | undefined };

/**
 * The shell every keyv store of this package shares.
 *
 * - keyv 6 does not prefix keys: it assigns its namespace to `adapter.namespace` (when the Keyv has one)
 *   and leaves scoping to the adapter, so the operations read the namespace at every call.
 * - Every operation becomes a native `async` method: a synchronous throw turns into a rejection (keyv's
 *   "report each failure once": reject, never emit as well), and keyv's capability detection, which looks
 *   at the function kind, reports the methods as async.
 * - keyv's adapter type is an event emitter (keyv forwards its `error` events); these stores never emit.
 * - `capabilities.expires` tells keyv the adapter takes absolute expiry times, so keyv uses it as it is
 *   instead of wrapping it in its relative-TTL bridge.
 */
export function createKeyvAdapter<M extends KeyvStoreOperations>(input: {
  namespace: string | undefined;
  /** Builds the operations; `namespace()` is the adapter's namespace at call time, `""` for none. */
  operations: (namespace: () => string) => M;
}): KeyvAdapter<M> {
  // Node's emitter is the one keyv's type describes, but for `listeners()`, typed `Function[]` by Node.
  const emitter = new EventEmitter() as EventEmitter & Pick<KeyvStorageAdapter, "listeners" | "rawListeners">;
  const adapter = Object.assign(emitter, { namespace: input.namespace });
  const operations = input.operations(() => adapter.namespace ?? "");
  const methods = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      // eslint-disable-next-line @typescript-eslint/require-await -- async on purpose: see above.
      async (...args: unknown[]) => (operation as (...args: unknown[]) => unknown).apply(operations, args),
    ]),
  ) as AsyncOperations<KeyvStoreOperations>;
  const withMethods = Object.assign(adapter, methods);
  // Checked once here on the shared operations, so no store needs a cast of its own; a store's extra
  // methods (the SQLite sweep) are made async the same way.
  const typed: KeyvStorageAdapter = Object.assign(withMethods, { capabilities: keyvStorageCapability(withMethods) });
  return typed as KeyvAdapter<M>;
}
