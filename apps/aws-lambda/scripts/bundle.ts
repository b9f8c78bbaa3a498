// Bundles each function of the Lambda deployment with rolldown into dist/<fn>/index.mjs (Node 22, ESM), from the
// workspace packages' TypeScript sources, so no build of the packages is needed first. The AWS SDK v3 is
// bundled (pinned by this package) rather than taken from the Lambda runtime, whose copy changes without
// notice. Packages that find their own files at run time stay external and are copied, with their
// dependencies, into dist/<fn>/node_modules: @sparticuz/chromium (its bin/ holds the brotli-packed
// Chromium, which it locates relative to itself: its README says to mark it external), autoconsent (the
// scanner reads its content script and rules), disposable-email-domains (read with require). The scanner's
// own data files are copied to dist/worker/data. Usage: node scripts/bundle.ts [api|api-streaming|worker|recover|monitor ...]
// (Node 22.18+ runs TypeScript by stripping its types).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown, type OutputChunk, type Plugin } from "rolldown";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const scannerRoot = resolve(root, "../../packages/scanner");
const OWNERS = [root, resolve(root, "../../packages/core"), scannerRoot];

export type FunctionName = "api" | "api-streaming" | "worker" | "recover" | "monitor";

/** Each function: its entry, the packages kept external (copied into its node_modules), whether it ships the scanner's data. */
export const FUNCTIONS: Record<FunctionName, { entry: string; external: readonly string[]; scannerData: boolean }> = {
  api: { entry: "src/api.ts", external: ["disposable-email-domains"], scannerData: false },
  // The same API for a Function URL in RESPONSE_STREAM mode (the stack's default); `api` stays for a buffered
  // deployment (an API Gateway HTTP API cannot stream).
  "api-streaming": { entry: "src/api-streaming.ts", external: ["disposable-email-domains"], scannerData: false },
  worker: {
    entry: "src/worker.ts",
    external: ["@sparticuz/chromium", "@duckduckgo/autoconsent", "disposable-email-domains"],
    scannerData: true,
  },
  recover: { entry: "src/recover.ts", external: ["disposable-email-domains"], scannerData: false },
  // Monitors' ticks: the API's create path and the webhook sender, no browser.
  monitor: { entry: "src/monitor.ts", external: ["disposable-email-domains"], scannerData: false },
};

/**
 * The scanner finds its data files and its version relative to its own sources (`../../data/…`,
 * `../package.json`); in a bundle those point outside the function, so they are rewritten to the bundle's folder.
 */
function scannerFilesPlugin(): Plugin {
  const { version } = JSON.parse(readFileSync(join(scannerRoot, "package.json"), "utf8")) as { version: string };
  return {
    name: "scanner-files",
    load: {
      filter: { id: /packages[\\/]scanner[\\/]src[\\/](classify[\\/]data-url|scanner-version)\.ts$/ },
      handler(id) {
        if (id.endsWith("scanner-version.ts"))
          return { code: `export const SCANNER_VERSION = ${JSON.stringify(version)};`, moduleType: "js" };
        // The function may sit in a chunk (chunks/), one folder below the bundle's data/.
        return {
          code: 'export function dataUrl(relativePath) { return new URL(`${import.meta.url.includes("/chunks/") ? ".." : "."}/data/${relativePath}`, import.meta.url); }',
          moduleType: "js",
        };
      },
    },
  };
}

/**
 * zod puts every locale it has (about 50, 0.3 MB) in `z.locales`, which a bundle cannot leave out because the
 * namespace is exported; every message the service sends is in English (zod's default, set by zod itself),
 * so a function carries English only. A `z.locales.xx` other than `en` would be undefined in a bundle.
 */
const englishZodPlugin: Plugin = {
  name: "english-zod",
  load: {
    filter: { id: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ },
    handler: () => ({ code: 'export { default as en } from "./en.js";', moduleType: "js" }),
  },
};

/** The folder of an installed package as seen from `fromDir` (pnpm: a sibling in the parent's node_modules). */
function packageDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    // Inside pnpm's store a package's dependencies sit next to it, in the node_modules that holds it.
    if (dir.endsWith(`${sep}node_modules`) && existsSync(join(dir, name, "package.json"))) return realpathSync(join(dir, name));
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Copies a package and its dependencies, flat, into `nodeModules`. Optional dependencies are left out (here:
 * tar-fs's bare-fs and bare-path, for the Bare runtime, which Node never loads).
 */
function copyPackageTree(name: string, context: { fromDir: string; nodeModules: string; copied: Set<string> }): void {
  const { fromDir, nodeModules, copied } = context;
  if (copied.has(name)) return;
  const dir = packageDir(name, fromDir);
  if (dir === null) throw new Error(`${name} is not installed (needed from ${fromDir})`);
  copied.add(name);
  // Not copied: a package's own node_modules (its dependencies are copied flat), and `prebuilds/`: the Bare
  // runtime's native modules that tar-fs's dependencies carry (bare-fs, bare-url), which Node never loads.
  const skipped = [`${dir}${sep}node_modules`, `${dir}${sep}prebuilds`];
  cpSync(dir, join(nodeModules, name), {
    recursive: true,
    dereference: true,
    filter: (source) => !skipped.some((path) => source.startsWith(path)),
  });
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) copyPackageTree(dependency, { fromDir: dir, nodeModules, copied });
}

/** Sums the sizes of the files under `path`. */
export function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

/**
 * The bytes a cold start loads before the handler runs: the entry and every chunk it imports statically, not
 * those it reaches only through import().
 */
function startupBytes(chunks: readonly OutputChunk[], entryFile: string): number {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !byName.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)!.imports) visit(imported);
  };
  visit(entryFile);
  return [...seen].reduce((sum, name) => sum + Buffer.byteLength(byName.get(name)!.code), 0);
}

/**
 * Bundles one function into dist/<fn>; returns the sizes of its bundle and of what sits beside it. `entry`
 * replaces the function's entry (a test's composition of the same function), with the same packaging.
 */
export async function bundleFunction(
  name: FunctionName,
  outRoot = join(root, "dist"),
  entry?: string,
): Promise<{ bundle: number; lazy: number; beside: number; dir: string }> {
  const fn = FUNCTIONS[name] as (typeof FUNCTIONS)[FunctionName] | undefined;
  if (fn === undefined) throw new Error(`unknown function ${name}: one of ${Object.keys(FUNCTIONS).join(", ")}`);
  const outDir = join(outRoot, name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const external = (id: string) => fn.external.some((name) => id === name || id.startsWith(`${name}/`));
  const bundle = await rolldown({
    input: { index: entry ?? join(root, fn.entry) },
    cwd: root,
    platform: "node",
    transform: { target: "node22" },
    resolve: {
      // "module" picks the ES build of packages that ship one (the AWS SDK, smithy): it tree-shakes, where
      // their CommonJS build is loaded whole.
      conditionNames: ["@public-scan/source", "module"],
      mainFields: ["module", "main"],
    },
    external,
    plugins: [scannerFilesPlugin(), englishZodPlugin],
    onLog: (level, log, handler) => {
      // Optional dependencies that a package imports inside a try or a .catch() (yauzl, bufferutil...) stay
      // unresolved imports that fail at run time, where the package expects them to.
      if (log.code === "UNRESOLVED_IMPORT") return;
      handler(level, log);
    },
  });
  // What a function reaches only through import() (the MCP endpoints, the Redis stores, the SQS client, the
  // AWS SDK's credential providers for other environments) is a chunk of its own, loaded when first used: a
  // cold start compiles and runs only what its first request needs. Rolldown leaves a module out of the
  // entry's chunks when the entry uses none of its exports, even when the module sits behind a package's
  // index that the entry imports: esbuild (used before) kept such a module in the entry's chunks whenever a
  // lazy chunk used it, half a megabyte more to compile at every cold start.
  const { output } = await bundle.write({
    dir: outDir,
    format: "esm",
    entryFileNames: "[name].mjs",
    chunkFileNames: "chunks/[name]-[hash].mjs",
    comments: { legal: true, annotation: false, jsdoc: false },
  });
  await bundle.close();
  const nodeModules = join(outDir, "node_modules");
  const copied = new Set<string>();
  for (const external of fn.external) {
    // The externals are dependencies of the workspace packages that import them (core, the scanner).
    const fromDir = OWNERS.find((owner) => packageDir(external, owner) !== null) ?? root;
    copyPackageTree(external, { fromDir, nodeModules, copied });
  }
  if (fn.scannerData) cpSync(join(scannerRoot, "data"), join(outDir, "data"), { recursive: true });
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const chunks = output.filter((item): item is OutputChunk => item.type === "chunk");
  const startup = startupBytes(chunks, "index.mjs");
  const code = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0);
  return { bundle: startup, lazy: code - startup, beside: sizeOf(outDir) - code, dir: outDir };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = (process.argv.length > 2 ? process.argv.slice(2) : Object.keys(FUNCTIONS)) as FunctionName[];
  for (const name of names) {
    const { bundle, lazy, beside } = await bundleFunction(name);
    console.log(
      `${name}: loaded at start ${(bundle / 1e6).toFixed(2)} MB, on first use ${(lazy / 1e6).toFixed(2)} MB, beside it ${(beside / 1e6).toFixed(2)} MB`,
    );
  }
}
