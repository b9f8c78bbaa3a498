/**
 * A child process of the multi-process keyv test. Like `counter-store-child.ts`, it runs the test's own
 * TypeScript sources: Node strips the types and this hook maps `./x.js` specifiers to `./x.ts`, so only
 * `node:` modules may be imported statically.
 */
import { registerHooks } from "node:module";

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

/** What the parent sends once every child is ready: who this child is and when all start together. */
export interface KeyvChildGo {
  readonly id: number;
  readonly startAt: number;
  readonly rounds: number;
  readonly sharedKeys: readonly string[];
}

export type KeyvChildMessage =
  | { readonly type: "ready" }
  | { readonly type: "done"; readonly mixedReads: number }
  | { readonly type: "failed"; readonly message: string };

const send = (message: KeyvChildMessage) => process.send!(message);
const path = process.argv[2]!;

async function main(): Promise<void> {
  const { createSqliteKeyvStore } = await import("../../src/sqlite/index.js");
  // Sweeping on every write, so sweeps run while the other processes write and read.
  const store = createSqliteKeyvStore({ path, sweepIntervalMs: 0 });
  const go = await new Promise<KeyvChildGo>((resolve) => {
    process.once("message", (message) => resolve(message as KeyvChildGo));
    send({ type: "ready" });
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(go.startAt - Date.now());
  let mixedReads = 0;
  for (let round = 0; round < go.rounds; round += 1) {
    await store.setMany(go.sharedKeys.map((key) => ({ key, value: `process ${go.id} round ${round}` })));
    await store.set(`own ${go.id} ${round}`, "kept");
    await store.set(`short ${go.id} ${round}`, "expiring", Date.now() + 5);
    // A batch is one transaction: a reader in any process sees all of it or none of it.
    if (new Set(await store.getMany([...go.sharedKeys])).size !== 1) mixedReads += 1;
    await sleep(1);
  }
  await store.disconnect();
  send({ type: "done", mixedReads });
}

main().catch((error: unknown) =>
  send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
