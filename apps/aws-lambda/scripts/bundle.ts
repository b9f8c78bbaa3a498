// Bundles each function of the Lambda deployment with esbuild into dist/<fn>/index.mjs (Node 22, ESM), from the
// workspace packages' TypeScript sources, so no build of the packages is needed first. The AWS SDK v3 is
// bundled (pinned by this package) rather than taken from the Lambda runtime, whose copy changes without
// notice. Packages that find their own files at run time stay external and are copied, with their
// dependencies, into dist/<fn>/node_modules: @sparticuz/chromium (its bin/ holds the brotli-packed
// Chromium, which it locates relative to itself: its README says to mark it external), autoconsent (the
// scanner reads its content script and rules), disposable-email-domains (read with require). The scanner's
// own data files are copied to dist/worker/data. Usage: node scripts/bundle.ts [api|api-streaming|worker|recover ...]
// (Node 22.18+ runs TypeScript by stripping its types).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const scannerRoot = resolve(root, "../../packages/scanner");
const OWNERS = [root, resolve(root, "../../packages/core"), scannerRoot];

export type FunctionName = "api" | "api-streaming" | "worker" | "recover";

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
};

// CommonJS dependencies in an ESM bundle call require() for Node's modules: give them one. (Not __dirname:
// ESM dependencies in the bundle declare their own.)
const BANNER =
  'import { createRequire as __bundleCreateRequire } from "node:module";\nconst require = __bundleCreateRequire(import.meta.url);';

/**
 * The scanner finds its data files and its version relative to its own sources (`../../data/…`,
 * `../package.json`); in a bundle those point outside the function, so they are rewritten to the bundle's folder.
 */
const scannerFilesPlugin: Plugin = {
  name: "scanner-files",
  setup(pluginBuild) {
    const { version } = JSON.parse(readFileSync(join(scannerRoot, "package.json"), "utf8")) as { version: string };
    pluginBuild.onLoad({ filter: /packages[\\/]scanner[\\/]src[\\/]classify[\\/]data-url\.ts$/ }, () => ({
      // The function may sit in a chunk (chunks/), one folder below the bundle's data/.
      contents:
        'export function dataUrl(relativePath) { return new URL(`${import.meta.url.includes("/chunks/") ? ".." : "."}/data/${relativePath}`, import.meta.url); }',
      loader: "js",
    }));
    pluginBuild.onLoad({ filter: /packages[\\/]scanner[\\/]src[\\/]scanner-version\.ts$/ }, () => ({
      contents: `export const SCANNER_VERSION = ${JSON.stringify(version)};`,
      loader: "js",
    }));
  },
};

/**
 * zod puts every locale it has (about 50, 0.3 MB) in `z.locales`, which a bundle cannot leave out because the
 * namespace is exported; every message the service sends is in English (zod's default, set by zod itself),
 * so a function carries English only. A `z.locales.xx` other than `en` would be undefined in a bundle.
 */
const englishZodPlugin: Plugin = {
  name: "english-zod",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
    }));
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
function startupBytes(metafile: Metafile, entryFile: string): number {
  const outputs = metafile.outputs;
  const keyOf = (file: string) => Object.keys(outputs).find((key) => resolve(key) === resolve(file));
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    if (key === undefined || seen.has(key)) return;
    seen.add(key);
    for (const imported of outputs[key]!.imports)
      if (imported.kind === "import-statement" && !imported.external) visit(keyOf(imported.path));
  };
  visit(keyOf(entryFile));
  return [...seen].reduce((sum, key) => sum + outputs[key]!.bytes, 0);
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
  const result = await build({
    entryPoints: { index: entry ?? join(root, fn.entry) },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    // What a function reaches only through import() (the MCP endpoints, the Redis stores, the AWS SDK's
    // credential providers for other environments) is a chunk of its own, loaded when first used: a cold
    // start compiles and runs only what its first request needs.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "esm",
    // "module" (which esbuild adds only when no condition is given) picks the ES build of packages that
    // ship one (the AWS SDK, smithy): it tree-shakes, where their CommonJS build is loaded whole.
    conditions: ["@public-scan/source", "module"],
    mainFields: ["module", "main"],
    external: [...fn.external],
    banner: { js: BANNER },
    plugins: [scannerFilesPlugin, englishZodPlugin],
    legalComments: "linked",
    logLevel: "warning",
  });
  const nodeModules = join(outDir, "node_modules");
  const copied = new Set<string>();
  for (const external of fn.external) {
    // The externals are dependencies of the workspace packages that import them (core, the scanner).
    const fromDir = OWNERS.find((owner) => packageDir(external, owner) !== null) ?? root;
    copyPackageTree(external, { fromDir, nodeModules, copied });
  }
  if (fn.scannerData) cpSync(join(scannerRoot, "data"), join(outDir, "data"), { recursive: true });
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  const startup = startupBytes(result.metafile, join(outDir, "index.mjs"));
  const code = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
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
