/** Messages between the two-process test and its child processes (`counter-store-child.ts`). */
export type ChildStoreConfig =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "redis"; readonly host: string; readonly port: number; readonly keyPrefix: string };

export interface ChildGo {
  readonly type: "go";
  readonly id: number;
  /** The counters' (manual) clock. */
  readonly now: number;
  /** Wall-clock time at which every child starts, so their requests overlap. */
  readonly startAt: number;
  readonly attempts: number;
  readonly limit: number;
}

export type ChildMessage =
  | { readonly type: "ready" }
  | {
      readonly type: "done";
      /** Usage of the shared counter reported by each admitted request of this child. */
      readonly admitted: number[];
      /** This child's own counter at the end: it must equal admitted.length (all or nothing). */
      readonly own: number;
    }
  | { readonly type: "failed"; readonly message: string };

/** Every attempt charges the shared counter and the child's own one, in one consume. */
export const SHARED_KEY = "shared";
export const ownKey = (id: number) => `own:${id}`;
export const HOUR = { kind: "rolling", ms: 3_600_000 } as const;
