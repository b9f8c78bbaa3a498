import { EventEmitter } from "node:events";
import type { Browser } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { createBrowserPool } from "../../src/browser/browser-pool.js";

/** A stand-in browser: the pool only needs its `disconnected` event and a close. */
function fakeLaunch() {
  const browsers: EventEmitter[] = [];
  const launch = () => {
    const browser = new EventEmitter();
    browsers.push(browser);
    return Promise.resolve({ browser: browser as unknown as Browser, close: () => Promise.resolve(void browser.emit("disconnected")) });
  };
  return { launch, browsers };
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe("browser pool", () => {
  it("shares one browser and never runs more tasks than its concurrency", async () => {
    const { launch, browsers } = fakeLaunch();
    const pool = createBrowserPool({ launch, concurrency: 2 });
    let active = 0;
    let peak = 0;
    const gates = Array.from({ length: 5 }, deferred);
    const tasks = gates.map((gate) =>
      pool.use(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await gate.promise;
        active -= 1;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pool.stats()).toMatchObject({ running: 2, waiting: 3 });
    for (const gate of gates) gate.resolve();
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(browsers).toHaveLength(1);
    expect(pool.stats()).toEqual({ running: 0, waiting: 0, pages: 0, launches: 1, recycles: 0 });
  });

  it("relaunches after the browser crashed, failing only the task that was running", async () => {
    const { launch, browsers } = fakeLaunch();
    const pool = createBrowserPool({ launch, concurrency: 1 });
    const crashed = pool.use(() => {
      browsers[0]!.emit("disconnected");
      return Promise.reject(new Error("Target closed"));
    });
    await expect(crashed).rejects.toThrow("Target closed");
    await expect(pool.use(() => Promise.resolve("ok"))).resolves.toBe("ok");
    expect(browsers).toHaveLength(2);
    expect(pool.stats().launches).toBe(2);
  });

  it("lets a waiting task give up when its signal aborts, and refuses work once closed", async () => {
    const { launch } = fakeLaunch();
    const pool = createBrowserPool({ launch, concurrency: 1 });
    const gate = deferred();
    const first = pool.use(() => gate.promise);
    const controller = new AbortController();
    const waiting = pool.use(() => Promise.resolve("never"), controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    gate.resolve();
    await first;
    await pool.close();
    await expect(pool.use(() => Promise.resolve(1))).rejects.toThrow("closed");
  });

  it("lends a task free slots for work beside it, never one a waiting task could have", async () => {
    const { launch } = fakeLaunch();
    const pool = createBrowserPool({ launch, concurrency: 3 });
    const first = deferred();
    const lent: Array<(() => void) | null> = [];
    let giveBack: (() => void) | null = null;
    const holder = pool.use(async (_browser, spare) => {
      lent.push(spare.take(), spare.take(), spare.take());
      // Two of three slots were free; the third take finds none.
      expect(lent.map((release) => release !== null)).toEqual([true, true, false]);
      expect(pool.stats()).toMatchObject({ running: 1, pages: 3, waiting: 0 });
      lent[1]!();
      lent[1]!();
      expect(pool.stats()).toMatchObject({ running: 1, pages: 2, waiting: 0 });
      await first.promise;
      // Another task is waiting now: nothing is lent while it does.
      giveBack = spare.take();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Another task takes the free slot; a third waits, and from then on nothing is lent.
    const gate = deferred();
    const second = pool.use(() => gate.promise);
    const third = pool.use(() => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pool.stats()).toMatchObject({ running: 2, pages: 3, waiting: 1 });
    first.resolve();
    await holder;
    expect(giveBack).toBeNull();
    // The holder's own slot went to the waiting task; the slot it lent is held until given back.
    await third;
    expect(pool.stats()).toMatchObject({ running: 1, pages: 2, waiting: 0 });
    lent[0]!();
    gate.resolve();
    await second;
    expect(pool.stats()).toMatchObject({ running: 0, pages: 0, waiting: 0 });
    await pool.close();
  });

  it("refuses a concurrency below one", () => {
    expect(() => createBrowserPool({ launch: fakeLaunch().launch, concurrency: 0 })).toThrow("concurrency");
  });

  describe("probe (readiness)", () => {
    /** Browsers that say whether they are connected, as puppeteer's do; `failing` launches reject. */
    function probedLaunch(state: { failing: boolean }) {
      let launches = 0;
      const browsers: Array<EventEmitter & { connected: boolean }> = [];
      const launch = () => {
        launches += 1;
        if (state.failing) return Promise.reject(new Error("Failed to launch the browser process"));
        const browser = Object.assign(new EventEmitter(), { connected: true });
        browsers.push(browser);
        const close = () => Promise.resolve(void ((browser.connected = false), browser.emit("disconnected")));
        return Promise.resolve({ browser: browser as unknown as Browser, close });
      };
      return { launch, browsers, launches: () => launches };
    }

    it("starts a browser when none runs, answers ok, and reuses it", async () => {
      const fake = probedLaunch({ failing: false });
      const pool = createBrowserPool({ launch: fake.launch, concurrency: 1 });
      expect(await pool.probe()).toBe("ok");
      expect(await pool.probe()).toBe("ok");
      expect(fake.launches()).toBe(1);
      // A crashed browser is relaunched by the next probe, before any scan needs it.
      fake.browsers[0]!.connected = false;
      fake.browsers[0]!.emit("disconnected");
      expect(await pool.probe()).toBe("ok");
      expect(fake.launches()).toBe(2);
      await pool.close();
    });

    it("is degraded while the browser cannot start, retries only after probeRetryMs, and recovers", async () => {
      const state = { failing: true };
      const fake = probedLaunch(state);
      const pool = createBrowserPool({ launch: fake.launch, concurrency: 1, probeRetryMs: 50 });
      expect(await pool.probe()).toBe("degraded");
      expect(await pool.probe()).toBe("degraded");
      expect(fake.launches()).toBe(1);
      state.failing = false;
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(await pool.probe()).toBe("ok");
      expect(fake.launches()).toBe(2);
      await pool.close();
    });

    it("never launches a browser once closed", async () => {
      const fake = probedLaunch({ failing: false });
      const pool = createBrowserPool({ launch: fake.launch, concurrency: 1 });
      await pool.close();
      expect(await pool.probe()).toBe("degraded");
      expect(fake.launches()).toBe(0);
    });
  });

  describe("recycling", () => {
    /** Browsers that record their close, as the pool sees them. */
    function recordedLaunch() {
      const closed: number[] = [];
      let launches = 0;
      const launch = () => {
        const id = ++launches;
        const browser = Object.assign(new EventEmitter(), { connected: true, id });
        return Promise.resolve({ browser: browser as unknown as Browser, close: () => Promise.resolve(void closed.push(id)) });
      };
      return { launch, closed, launches: () => launches };
    }
    const idOf = (browser: Browser) => (browser as unknown as { id: number }).id;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

    it("replaces the browser after recycleAfterTasks tasks, closing the old one only once its tasks end", async () => {
      const fake = recordedLaunch();
      const pool = createBrowserPool({ launch: fake.launch, concurrency: 2, recycleAfterTasks: 2 });
      expect(await pool.use((browser) => Promise.resolve(idOf(browser)))).toBe(1);
      // The second task of browser 1 is still running when a third task arrives.
      const gate = deferred();
      const second = pool.use(async (browser) => (await gate.promise, idOf(browser)));
      const third = pool.use((browser) => Promise.resolve(idOf(browser)));
      expect(await third).toBe(1);
      await settle();
      // Three tasks served: due, but one is still running in it, so it stays open, and new tasks go elsewhere.
      expect(fake.closed).toEqual([]);
      expect(await pool.use((browser) => Promise.resolve(idOf(browser)))).toBe(2);
      gate.resolve();
      expect(await second).toBe(1);
      await settle();
      expect(fake.closed).toEqual([1]);
      expect(pool.stats()).toMatchObject({ launches: 2, recycles: 1 });
      await pool.close();
      expect(fake.closed).toEqual([1, 2]);
    });

    it("replaces the browser once it grows past recycleAboveBytes, and never when it cannot be measured", async () => {
      const fake = recordedLaunch();
      let bytes: number | null = 100;
      const pool = createBrowserPool({
        launch: fake.launch,
        concurrency: 1,
        recycleAboveBytes: 500,
        memoryOf: () => Promise.resolve(bytes),
      });
      await pool.use(() => Promise.resolve());
      await settle();
      expect(pool.stats().recycles).toBe(0);
      bytes = null;
      await pool.use(() => Promise.resolve());
      await settle();
      expect(pool.stats().recycles).toBe(0);
      bytes = 501;
      await pool.use(() => Promise.resolve());
      await settle();
      expect(pool.stats()).toMatchObject({ recycles: 1 });
      expect(fake.closed).toEqual([1]);
      expect(await pool.use((browser) => Promise.resolve(idOf(browser)))).toBe(2);
      await pool.close();
    });
  });
});
