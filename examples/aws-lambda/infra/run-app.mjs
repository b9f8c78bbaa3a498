// What cdk.json runs: the CDK app is TypeScript that imports the workspace packages' sources, so it is
// bundled with esbuild first (aws-cdk-lib and constructs stay external: they read their own files) and the
// bundle is run. Offline: nothing here or in `cdk synth` needs AWS.
import { build } from "esbuild";

const outfile = "dist/infra/app.mjs";
await build({
  entryPoints: ["infra/app.ts"],
  outfile,
  bundle: true,
  platform: "node",
  target: "node22",
  format: "esm",
  conditions: ["@public-scan/source"],
  external: ["aws-cdk-lib", "constructs"],
  logLevel: "warning",
});
await import(new URL(`../${outfile}`, import.meta.url).href);
