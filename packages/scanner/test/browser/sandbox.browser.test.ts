import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { launchBrowser } from "../../src/browser/launch-browser.js";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";

/**
 * The /proc view of a process: its command line (Chromium rewrites its helpers' into one line with spaces),
 * real uid and seccomp mode (2: a filter is on).
 */
function processInfo(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return {
    pid,
    cmdline: readOrEmpty(`/proc/${pid}/cmdline`).split(/[\0 ]/),
    ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
    uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
    seccomp: Number(/^Seccomp:\s+(\d+)/m.exec(status)?.[1]),
  };
}

/** The seccomp mode of a process now (2: a filter is on), or 2 once it is gone (nothing left unconfined). */
function readSeccomp(pid: number): number {
  const status = readOrEmpty(`/proc/${pid}/status`);
  return status === "" ? 2 : Number(/^Seccomp:\s+(\d+)/m.exec(status)?.[1]);
}

/** Some of Chromium's helpers are not dumpable, so parts of their /proc entries may refuse to be read. */
function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function descendantsOf(root: number) {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        return [processInfo(Number(name))];
      } catch {
        return []; // gone meanwhile
      }
    });
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const info of all) if (!found.has(info.pid) && found.has(info.ppid)) grew = found.add(info.pid).size > 0;
  }
  return all.filter((info) => found.has(info.pid) && info.pid !== root);
}

/**
 * A hostile page that exploits the renderer must stay inside Chromium's sandbox. This launches the
 * browser the way the scanner does on this machine (CI runs as root) and checks the processes the kernel
 * sees: no `--no-sandbox`, renderers under seccomp-bpf, and, for a root service, nothing running as root.
 */
describe.runIf(process.platform === "linux")("the scanning browser's sandbox", () => {
  it("is on: renderers run under seccomp and never as root", async () => {
    const launched = await launchBrowser({ source: await resolveExecutable(), locale: "en-US" });
    try {
      const page = await launched.browser.newPage();
      await page.goto("data:text/html,<p>sandboxed</p>");
      expect(await page.evaluate(() => document.body.textContent)).toBe("sandboxed");
      const browserProcess = processInfo(launched.pid!);
      expect(browserProcess.cmdline).not.toContain("--no-sandbox");
      // Driven over its pipe: no DevTools port another local process could reach, and it ends with us.
      expect(browserProcess.cmdline).toContain("--remote-debugging-pipe");
      expect(browserProcess.cmdline.filter((arg) => arg.startsWith("--remote-debugging-port"))).toEqual([]);
      const renderers = descendantsOf(launched.pid!).filter((info) => info.cmdline.includes("--type=renderer"));
      expect(renderers.length).toBeGreaterThan(0);
      for (const renderer of renderers) {
        // A renderer still starting (a spare one Chromium launches ahead) installs its filter moments after
        // exec: on a busy machine it can be seen before then, so each gets a few seconds to show it.
        await expect.poll(() => readSeccomp(renderer.pid), { timeout: 5000 }).toBe(2);
        expect(renderer.cmdline).not.toContain("--no-sandbox");
      }
      if (process.getuid?.() === 0) {
        expect(launched.sandbox).toMatchObject({ kind: "unprivileged_user" });
        expect(browserProcess.uid).not.toBe(0);
        for (const info of descendantsOf(launched.pid!)) expect(info.uid).not.toBe(0);
      }
    } finally {
      await launched.close();
    }
  }, 60_000);
});
