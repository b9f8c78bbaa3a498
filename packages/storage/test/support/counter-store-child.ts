/**
 * A child process of the two-process test. It runs the SAME TypeScript sources as the tests (no build, no
 * copy of the SQL or Lua): Node 24 strips the types, and this resolve hook maps the sources' `./x.js`
 * specifiers to `./x.ts`; the parent starts it with `--conditions=@public-scan/source` so workspace
 * packages resolve to their sources too, as in vitest. So only `node:` modules may be imported statically.
 */
import { registerHooks } from "node:module";
import type { ChildGo, ChildMessage, ChildStoreConfig } from "./counter-store-child-protocol.js";

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && specifier.endsWith(".js")) return next(`${specifier.slice(0, -3)}.ts`, context);
      throw error;
    }
  },
});

const send = (message: ChildMessage) => process.send!(message);
const config = JSON.parse(process.argv[2]!) as ChildStoreConfig;

async function main(): Promise<void> {
  const { HOUR, SHARED_KEY, ownKey } = await import("./counter-store-child-protocol.js");
  const store =
    config.kind === "sqlite"
      ? (await import("../../src/sqlite/index.js")).createSqliteCounterStore({ path: config.path })
      : (await import("../../src/redis/index.js")).createRedisCounterStore({
          connection: { host: config.host, port: config.port },
          keyPrefix: config.keyPrefix,
        });
  // Connect (and load the script) before reporting ready: a child still connecting when the others start
  // could find the shared limit already taken on a loaded machine, and the test wants every child to race.
  await store.consume({ checks: [{ key: `${SHARED_KEY}:warm-up`, limit: 1, window: HOUR, units: 0 }], now: 0 });
  const go = await new Promise<ChildGo>((resolve) => {
    process.once("message", (message) => resolve(message as ChildGo));
    send({ type: "ready" });
  });
  const checks = [
    { key: SHARED_KEY, limit: go.limit, window: HOUR, units: 1 },
    { key: ownKey(go.id), limit: 1_000_000, window: HOUR, units: 1 },
  ];
  const attempt = () => store.consume({ checks, now: go.now });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Redis: bursts of requests in flight on one connection. node:sqlite is synchronous: one at a time.
  // Pauses between bursts stretch each child over ~100 ms, so the children's requests interleave.
  const burst = config.kind === "redis" ? 10 : 1;
  await sleep(go.startAt - Date.now());
  const results = [];
  for (let sent = 0; sent < go.attempts; sent += burst) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(burst, go.attempts - sent) }, attempt))));
    await sleep(config.kind === "redis" ? 10 : 1);
  }
  const admitted = results.flatMap((result) => (result.allowed ? [result.usage[0]!] : []));
  const own = await store.consume({ checks: [{ ...checks[1]!, units: 0 }], now: go.now });
  await store.close();
  send({ type: "done", admitted, own: own.allowed ? own.usage[0]! : -1 });
}

main().catch((error: unknown) =>
  send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
