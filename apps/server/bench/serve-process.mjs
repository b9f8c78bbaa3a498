// The processes of the cluster benchmark: the reference server started as an operator starts it, and the
// deletion of its Redis keys afterwards.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { deleteKeysByPrefix } from "@public-scan/storage/redis";
import { processTable, treeOf } from "./process-tree.mjs";

const COMMAND = fileURLToPath(new URL("../bin/public-scan.mjs", import.meta.url));
const STARTED = /public-scan REST API on (http:\/\/\S+)\/api\/v2|public-scan worker:/;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One process of the reference server (`public-scan serve --role ROLE --demo`, the built command) with the
 * given environment; resolves once it says it serves (url: the API's origin) or runs jobs. `stop` asks for
 * the graceful shutdown (which closes the worker's browser), then kills whatever of its tree is left.
 */
export async function startServe({ role, env }) {
  const child = spawn(process.execPath, [COMMAND, "serve", "--role", role, "--demo"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk.toString()));
  child.stderr.on("data", (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const served = {
    child,
    url: undefined,
    output: () => output,
    stop: async () => {
      // The tree as it is before the signal: a browser left behind by a process that died must not outlive
      // the bench. Only those same processes (same pid and command line) are killed afterwards.
      const before = processTable();
      const tree = treeOf(before, child.pid);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, sleep(10_000)]);
      const after = processTable();
      for (const pid of tree.filter((pid) => after.get(pid)?.args === before.get(pid).args)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Ended meanwhile.
        }
      }
    },
  };
  try {
    served.url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve --role ${role} did not start in time:\n${output}`)), 60_000);
      const check = () => {
        const match = STARTED.exec(output);
        if (match === null) return;
        clearTimeout(timer);
        resolve(match[1]);
      };
      child.stdout.on("data", check);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`serve --role ${role} exited (${code}) before it started:\n${output}`));
      });
    });
  } catch (error) {
    await served.stop();
    throw error;
  }
  return served;
}

/** Deletes every key under the prefix (SCAN and UNLINK, so the shared server is not blocked). */
export async function deletePrefix(client, prefix) {
  await deleteKeysByPrefix(client, prefix);
}
