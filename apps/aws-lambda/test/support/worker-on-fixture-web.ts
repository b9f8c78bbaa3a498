// A test's entry of the worker function: the deployment's composition (createWorkerHandler) with a scanner of
// its own registered under PORTS.scanner on tsyringe's root container, as an embedder replaces a port:
// set for the fixture web (its resolver rules, private addresses and CA) on the test run's shared browser.
// The default scanner reaches none of the fixture web, so a completed scan proves the override was used.
// Bundled by worker-bundle.browser.test.ts exactly as the worker's own entry is.
import "reflect-metadata";
import { PORTS } from "@public-scan/core";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { container } from "tsyringe";
import { createWorkerHandler } from "../../src/compose-worker.js";

const web = JSON.parse(process.env.TEST_FIXTURE_WEB ?? "{}") as {
  resolveRules: string[];
  allowPrivateTargets: string[];
  caCertPem: string;
};

container.register(PORTS.scanner, {
  useValue: createPuppeteerScanner({
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

export const handler = createWorkerHandler({ env: process.env });
