// What cdk.json runs: the CDK app is TypeScript that imports the workspace packages' sources, so it is
// bundled with esbuild first (aws-cdk-lib and constructs stay external: they read their own files) and the
// bundle is run. Offline: nothing here or in `cdk synth` needs AWS.
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const outfile = fileURLToPath(new URL("../dist/infra/app.mjs", import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL("app.ts", import.meta.url))],
  outfile,
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  conditions: ["@public-scan/source"],
  external: ["aws-cdk-lib", "constructs"],
  logLevel: "warning",
});
await import(pathToFileURL(outfile).href);
