import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnBrowserAs } from "../../src/browser/spawn-browser-as.js";

/**
 * A browser that dies while starting must say why: the error carries the last line it wrote. Shell scripts
 * stand in for Chromium, started as the unprivileged user a root service would use (as this user otherwise).
 */
describe("spawnBrowserAs", () => {
  let dir: string;
  const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : { uid: process.getuid!(), gid: process.getgid!() };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "public-scan-spawn-"));
    // The browser's user must reach the scripts.
    await chmod(dir, 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function fakeBrowser(name: string, body: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, `#!/bin/sh\n${body}\n`);
    await chmod(path, 0o755);
    return path;
  }

  it("reports the browser's last line when it exits at once", async () => {
    const executablePath = await fakeBrowser("exits.sh", `echo "starting" >&2\necho "No usable sandbox!" >&2\nexit 1`);
    await expect(spawnBrowserAs({ executablePath, args: [], user, userDataDir: dir })).rejects.toThrow(
      /exited while starting \(code 1\): No usable sandbox!/,
    );
  });

  it("reports the browser's last line when its pipe closes before it exits", async () => {
    // The DevTools pipe closes first, so puppeteer fails with a bare "Target closed" before Node sees the exit.
    const executablePath = await fakeBrowser("closes-pipe.sh", `exec 4>&-\necho "zygote could not fork" >&2\nsleep 0.3\nexit 3`);
    await expect(spawnBrowserAs({ executablePath, args: [], user, userDataDir: dir })).rejects.toThrow(
      /exited while starting \(code 3\): zygote could not fork/,
    );
  });

  it("times out a browser that never answers, and ends it", async () => {
    // An odd duration names this process among the machine's others.
    const executablePath = await fakeBrowser("silent.sh", `exec sleep 31.7`);
    await expect(spawnBrowserAs({ executablePath, args: [], user, userDataDir: dir, startTimeoutMs: 300 })).rejects.toThrow(
      /did not start within 300 ms/,
    );
    await expect.poll(() => execFileSync("ps", ["-eo", "args="], { encoding: "utf8" }).includes("sleep 31.7")).toBe(false);
  });
});
