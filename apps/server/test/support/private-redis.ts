import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A free loopback port (the system picks it; it stays free for the moment after, which tests accept). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Redis server of the test's own (the machine's `redis-server`), which the test may stop and start again:
 * the shared one must never be restarted. Append-only file fsynced on every write, as a deployment that
 * keeps its data runs it, so a restart loses nothing that was acknowledged.
 */
export async function startPrivateRedis(dir: string): Promise<{ url: string; stop: () => Promise<void>; start: () => Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = started;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      started.once("error", (error) => reject(new Error(`redis-server could not be started (is it installed?): ${error.message}`)));
      started.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    // SIGTERM: Redis flushes its append-only file and exits, as in a maintenance restart.
    stop: async () => {
      const running = child;
      if (running === undefined || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
  };
}
