import "reflect-metadata";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PORTS, type Scanner } from "@public-scan/core";
import { container } from "tsyringe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startWorkerProcess } from "../src/serve/start-worker-process.js";
import { TEST_REDIS_URL, uniqueDeploymentPrefix } from "./support/cluster-env.js";

/** A worker whose start fails part-way closes what it had opened, so an embedder's process that lives on leaks nothing. */
describe("a worker process whose start fails", () => {
  let dataDir: string;
  let taken: Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-worker-start-"));
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("closes its scanner, worker and stores when its probe port is taken, and says why", async () => {
    const closed: string[] = [];
    const scanner: Scanner = {
      scan: () => Promise.reject(new Error("no scan expected")),
      close: () => {
        closed.push("scanner");
        return Promise.resolve();
      },
    };
    const embedder = container.createChildContainer();
    embedder.register(PORTS.scanner, { useValue: scanner });
    const config = parseServeConfig([], {
      PUBLIC_SCAN_ROLE: "worker",
      PUBLIC_SCAN_REDIS_URL: TEST_REDIS_URL,
      PUBLIC_SCAN_REDIS_PREFIX: uniqueDeploymentPrefix("worker-start"),
      PUBLIC_SCAN_DATA_DIR: dataDir,
      PUBLIC_SCAN_ACCOUNTS: "off",
      PUBLIC_SCAN_HOST: "127.0.0.1",
      PUBLIC_SCAN_PROBE_PORT: String((taken.address() as { port: number }).port),
    });
    await expect(startWorkerProcess(config, () => undefined, { container: embedder })).rejects.toThrow(/EADDRINUSE|in use/);
    expect(closed).toEqual(["scanner"]);
  });
});
