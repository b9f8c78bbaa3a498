import type { ComponentStatus, Scanner } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { createServeProbes } from "../src/serve/create-serve-probes.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";

const REDIS = { PUBLIC_SCAN_REDIS_URL: "redis://127.0.0.1:6379", PUBLIC_SCAN_QUEUE_SATURATED_AT: "10" };
const scanner = (status: ComponentStatus): Scanner => ({
  scan: () => Promise.reject(new Error("not in these tests")),
  close: () => Promise.resolve(),
  probe: () => Promise.resolve(status),
});
const queueOf = (waiting: number) => ({ depth: () => Promise.resolve({ waiting, running: 0 }) });

describe("the probes of a pnpm serve process", () => {
  it("an API process: degraded once the saturation mark of jobs waits, and no scanner (it launches no browser)", async () => {
    const config = parseServeConfig(["--role", "api"], REDIS);
    const below = createServeProbes({ config, queue: queueOf(9), scanner: null });
    expect(below.scanner).toBeUndefined();
    expect(await below.queue!()).toBe("ok");
    expect(await createServeProbes({ config, queue: queueOf(10), scanner: null }).queue!()).toBe("degraded");
  });

  it("a worker: never unready for a long queue (draining it is its work), and reports its scanner", async () => {
    const config = parseServeConfig(["--role", "worker"], REDIS);
    const probes = createServeProbes({ config, queue: queueOf(5000), scanner: scanner("degraded") });
    expect(await probes.queue!()).toBe("ok");
    expect(await probes.scanner!()).toBe("degraded");
  });

  it("one process that does both: the backlog and the scanner", async () => {
    const config = parseServeConfig([], { PUBLIC_SCAN_QUEUE_SATURATED_AT: "3" });
    const probes = createServeProbes({ config, queue: queueOf(3), scanner: scanner("ok") });
    expect(await probes.queue!()).toBe("degraded");
    expect(await probes.scanner!()).toBe("ok");
  });

  it("lets a queue that cannot answer its depth throw (health counts it degraded and logs the cause)", async () => {
    const config = parseServeConfig([], {});
    const probes = createServeProbes({
      config,
      queue: { depth: () => Promise.reject(new Error("Connection is closed.")) },
      scanner: scanner("ok"),
    });
    await expect(probes.queue!()).rejects.toThrow("Connection is closed.");
  });

  it("defaults the saturation mark to 1000 and refuses a bad one", () => {
    expect(parseServeConfig([], {}).queueSaturatedAt).toBe(1000);
    expect(() => parseServeConfig([], { PUBLIC_SCAN_QUEUE_SATURATED_AT: "0" })).toThrow("PUBLIC_SCAN_QUEUE_SATURATED_AT");
  });
});
