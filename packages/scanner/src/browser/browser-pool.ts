import type { Browser } from "puppeteer-core";
import type { LaunchedBrowser } from "./launch-browser.js";

/** What the pool needs of a launched browser. */
type PooledBrowser = Pick<LaunchedBrowser, "browser" | "close">;

export interface BrowserPoolOptions {
  /** Starts (or connects to) the one browser the pool shares. */
  launch: () => Promise<PooledBrowser>;
  /** Scans that may run at the same time in the browser. */
  concurrency: number;
  /** After a failed launch, probes wait this long before they try another (default 10 s). */
  probeRetryMs?: number;
}

export interface BrowserPool {
  /**
   * Runs `task` with the shared browser once a slot is free. The browser is launched on first use and
   * relaunched after a crash; a task running when the browser died fails alone.
   */
  use<T>(task: (browser: Browser) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Whether a scan could get a browser now: `ok` once one runs. With none running, the probe launches one
   * (so readiness reflects a browser that cannot start before a scan finds out), at most once per
   * `probeRetryMs` after a failure.
   */
  probe(): Promise<"ok" | "degraded">;
  /** Closes the browser; tasks still waiting are refused. */
  close(): Promise<void>;
  /** How many tasks run and wait now, and how many times the browser was launched. */
  stats(): { running: number; waiting: number; launches: number };
}

export function createBrowserPool(options: BrowserPoolOptions): BrowserPool {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error("concurrency must be a positive integer");
  let current: Promise<PooledBrowser> | null = null;
  let launches = 0;
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  const slots = createSlots(options.concurrency);

  // One browser for all slots, launched on first use and again after it disconnected or failed to start.
  const browser = (): Promise<PooledBrowser> => {
    if (current === null) {
      launches += 1;
      const launching = options.launch();
      current = launching;
      launching.then(
        (launched) =>
          launched.browser.once("disconnected", () => {
            if (current === launching) current = null;
          }),
        () => {
          lastFailureAt = Date.now();
          if (current === launching) current = null;
        },
      );
    }
    return current;
  };

  return {
    async use(task, signal) {
      await slots.acquire(signal);
      try {
        const launched = await browser();
        return await task(launched.browser);
      } finally {
        slots.release();
      }
    },
    async probe() {
      if (closed) return "degraded";
      if (current === null && Date.now() - lastFailureAt < (options.probeRetryMs ?? 10_000)) return "degraded";
      const launched = await browser().catch(() => null);
      return launched?.browser.connected === true ? "ok" : "degraded";
    },
    async close() {
      closed = true;
      slots.close();
      const launched = current;
      current = null;
      if (launched) await (await launched.catch(() => null))?.close();
    },
    stats: () => ({ ...slots.stats(), launches }),
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
    stats: () => ({ running, waiting: waiting.length }),
  };
}
