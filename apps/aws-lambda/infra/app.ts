// The CDK app: `npx cdk synth` / `npx cdk deploy` (cdk.json runs it through infra/run-app.mjs). Bundle first:
// `node scripts/bundle.ts` writes dist/<fn>, which the functions' assets are made from.
import { resolve } from "node:path";
import { App } from "aws-cdk-lib";
import { InvokeMode } from "aws-cdk-lib/aws-lambda";
import { PublicScanStack } from "./public-scan-stack.js";

const app = new App();
const baseUrl = app.node.tryGetContext("baseUrl") as string | undefined;
// `-c apiInvokeMode=BUFFERED`: the buffered API handler (an API Gateway HTTP API in front); default RESPONSE_STREAM.
const apiInvokeMode = app.node.tryGetContext("apiInvokeMode") as string | undefined;
if (apiInvokeMode !== undefined && apiInvokeMode !== "BUFFERED" && apiInvokeMode !== "RESPONSE_STREAM") {
  throw new Error(`apiInvokeMode must be BUFFERED or RESPONSE_STREAM, not ${apiInvokeMode}`);
}
new PublicScanStack(app, "PublicScan", {
  // The CDK CLI runs the app in apps/aws-lambda (where cdk.json is); a test points it elsewhere.
  bundleDir: process.env.PUBLIC_SCAN_BUNDLE_DIR ?? resolve("dist"),
  ...(baseUrl === undefined ? {} : { baseUrl }),
  ...(apiInvokeMode === "BUFFERED" ? { apiInvokeMode: InvokeMode.BUFFERED } : {}),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
