import type { Browser } from "puppeteer-core";
import type { LaunchedBrowser } from "./launch-browser.js";

/** What the pool needs of a launched browser. */
type PooledBrowser = Pick<LaunchedBrowser, "browser" | "close"> & Partial<Pick<LaunchedBrowser, "pid" | "oversizedMessages">>;

export interface BrowserPoolOptions {
  /** Starts (or connects to) the one browser the pool shares. */
  launch: () => Promise<PooledBrowser>;
  /**
   * Slots: pages a task may have open at once in the browser. A task holds one; it may borrow free ones
   * for work beside it (`SpareSlots`), never one a waiting task could have.
   */
  concurrency: number;
  /** After a failed launch, probes wait this long before they try another (default 10 s). */
  probeRetryMs?: number;
  /**
   * Replaces the browser after it served this many tasks (default: never): whatever a long-lived browser
   * accumulates (caches, leaked renderers, fragmentation) is dropped with it.
   */
  recycleAfterTasks?: number;
  /** Replaces the browser once `memoryOf` reports more than this many bytes, checked after each task. */
  recycleAboveBytes?: number;
  /** The browser's memory in bytes (e.g. its process tree's PSS), or null when it cannot be measured. */
  memoryOf?: (launched: PooledBrowser) => Promise<number | null>;
  /** Replaces the browser when this says so, checked after each task (a browser a page flooded). */
  isSpoiled?: (launched: PooledBrowser) => boolean;
}

export interface BrowserPool {
  /**
   * Runs `task` with the shared browser once a slot is free. The browser is launched on first use and
   * relaunched after a crash; a task running when the browser died fails alone. A browser due for recycling
   * takes no new task; it is closed once its running tasks end.
   */
  use<T>(task: (browser: Browser, spare: SpareSlots) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Whether a scan could get a browser now: `ok` once one runs. With none running, the probe launches one
   * (so readiness reflects a browser that cannot start before a scan finds out), at most once per
   * `probeRetryMs` after a failure.
   */
  probe(): Promise<"ok" | "degraded">;
  /** Closes the browser; tasks still waiting are refused. */
  close(): Promise<void>;
  /**
   * How many tasks run and wait now, how many slots are in use (a task's own and those it borrowed), how
   * many times a browser was launched, and how many were recycled.
   */
  stats(): { running: number; waiting: number; pages: number; launches: number; recycles: number };
}

/**
 * Free slots a running task may borrow for work beside its own (a scan's fresh-context phases): only a slot
 * no task is waiting for, so a task's extra pages never delay another task's start, and never more than the
 * pool's slots in all.
 */
export interface SpareSlots {
  /** Borrows a free slot; null when none is free or a task waits. Call the returned function once to give it back. */
  take(): (() => void) | null;
}

/** One launched browser and what the pool knows of it. */
interface Generation {
  readonly launched: Promise<PooledBrowser>;
  /** Tasks running in it now, and tasks it finished. */
  active: number;
  served: number;
  /** Takes no new task; closed when `active` reaches 0. */
  retired: boolean;
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error("concurrency must be a positive integer");
  let current: Generation | null = null;
  const retired = new Set<Generation>();
  let launches = 0;
  let recycles = 0;
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  let running = 0;
  const slots = createSlots(options.concurrency);

  // One browser for all slots, launched on first use and again after it disconnected, failed to start, or
  // was retired for recycling.
  const generation = (): Generation => {
    if (current === null) {
      launches += 1;
      const launched = options.launch();
      const started: Generation = { launched, active: 0, served: 0, retired: false };
      current = started;
      launched.then(
        (browser) =>
          browser.browser.once("disconnected", () => {
            if (current === started) current = null;
          }),
        () => {
          lastFailureAt = Date.now();
          if (current === started) current = null;
        },
      );
    }
    return current;
  };

  const closeWhenIdle = (old: Generation) => {
    if (old.active > 0) return;
    retired.delete(old);
    void old.launched.then((browser) => browser.close()).catch(() => undefined);
  };

  /** After a task: retires the browser when it served its count or grew past the memory bound. */
  const recycleIfDue = async (used: Generation) => {
    if (used.retired) return closeWhenIdle(used);
    if (used !== current) return;
    let due = options.recycleAfterTasks !== undefined && used.served >= options.recycleAfterTasks;
    if (!due && options.isSpoiled !== undefined) due = await used.launched.then(options.isSpoiled).catch(() => false);
    if (!due && options.recycleAboveBytes !== undefined && options.memoryOf !== undefined) {
      const bytes = await used.launched.then(options.memoryOf).catch(() => null);
      due = bytes !== null && bytes > options.recycleAboveBytes;
    }
    if (!due || used !== current || used.retired) return;
    used.retired = true;
    current = null;
    recycles += 1;
    retired.add(used);
    closeWhenIdle(used);
  };

  return {
    async use(task, signal) {
      await slots.acquire(signal);
      const used = generation();
      used.active += 1;
      running += 1;
      const spare: SpareSlots = {
        take: () => {
          if (closed || !slots.tryAcquire()) return null;
          used.active += 1;
          let given = false;
          return () => {
            if (given) return;
            given = true;
            used.active -= 1;
            slots.release();
            if (!closed && used.retired) closeWhenIdle(used);
          };
        },
      };
      try {
        const launched = await used.launched;
        return await task(launched.browser, spare);
      } finally {
        running -= 1;
        used.active -= 1;
        used.served += 1;
        slots.release();
        if (!closed) void recycleIfDue(used);
      }
    },
    async probe() {
      if (closed) return "degraded";
      if (current === null && Date.now() - lastFailureAt < (options.probeRetryMs ?? 10_000)) return "degraded";
      const launched = await generation().launched.catch(() => null);
      return launched?.browser.connected === true ? "ok" : "degraded";
    },
    async close() {
      closed = true;
      slots.close();
      const open = [...retired, ...(current === null ? [] : [current])];
      current = null;
      retired.clear();
      await Promise.all(open.map(async (old) => (await old.launched.catch(() => null))?.close()));
    },
    stats: () => {
      const { inUse, waiting } = slots.stats();
      return { running, waiting, pages: inUse, launches, recycles };
    },
  };
}

/** `concurrency` slots handed out first come, first served; a waiter whose signal aborts leaves the queue. */
function createSlots(concurrency: number) {
  let running = 0;
  let closed = false;
  const waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  return {
    acquire(signal?: AbortSignal): Promise<void> {
      if (closed) return Promise.reject(new Error("browser pool is closed"));
      if (running < concurrency) {
        running += 1;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const entry = { resolve, reject };
        waiting.push(entry);
        signal?.addEventListener(
          "abort",
          () => {
            const index = waiting.indexOf(entry);
            if (index >= 0) {
              waiting.splice(index, 1);
              reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
            }
          },
          { once: true },
        );
      });
    },
    /** Takes a slot only when one is free and nobody waits for it. */
    tryAcquire(): boolean {
      if (closed || running >= concurrency || waiting.length > 0) return false;
      running += 1;
      return true;
    },
    /** Hands the slot to the next waiter, or frees it. */
    release() {
      const next = waiting.shift();
      if (next) next.resolve();
      else running -= 1;
    },
    close() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.reject(new Error("browser pool is closed"));
    },
    stats: () => ({ inUse: running, waiting: waiting.length }),
  };
}
