// A test's entry of the worker function: the example's composition (createWorkerHandler) with the scanner set
// for the fixture web (its resolver rules, private addresses and CA) on the test run's shared browser. Bundled
// by worker-bundle.browser.test.ts exactly as the worker's own entry is.
import { createPuppeteerScanner } from "@public-scan/scanner";
import { createWorkerHandler } from "../../src/compose-worker.js";

const web = JSON.parse(process.env.TEST_FIXTURE_WEB ?? "{}") as {
  resolveRules: string[];
  allowPrivateTargets: string[];
  caCertPem: string;
};

export const handler = createWorkerHandler({
  env: process.env,
  scanner: createPuppeteerScanner({
    browserWSEndpoint: process.env.TEST_BROWSER_WS_ENDPOINT ?? "",
    remoteBrowserTrusted: true,
    resolve: web.resolveRules,
    allowPrivateTargets: web.allowPrivateTargets,
    extraCaCerts: web.caCertPem,
    observeMs: 300,
    phases: "quick",
    concurrency: 1,
  }),
});
