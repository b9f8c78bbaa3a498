import type { TestProject } from "vitest/node";

/**
 * One browser and one fixture web for the whole test run (ARCHITECTURE.md "Testing": one shared browser, parallel test
 * files). Test files connect to the browser over CDP and get their own contexts; the fixture web's
 * settings are provided to them with `inject`.
 */
export default async function setup(project: TestProject) {
  const { launchBrowser } = await import("../../packages/scanner/src/browser/launch-browser.js");
  const { resolveExecutable } = await import("../../packages/scanner/src/browser/resolve-executable.js");
  const { startFixtureWeb } = await import("../../tools/fixture-web/src/index.js");

  const web = await startFixtureWeb();
  // The fixture web's CA is trusted at launch, as an operator's extraCaCerts would be.
  // With a DevTools port for the test files' processes; driven over its pipe, it still ends with this one.
  const launched = await launchBrowser({
    source: await resolveExecutable(),
    locale: "en-US",
    extraCaCerts: web.caCertPem,
    devToolsPort: true,
  });
  project.provide("browserWSEndpoint", launched.devToolsEndpoint!);
  project.provide("fixtureWeb", {
    port: web.port,
    caCertPem: web.caCertPem,
    resolveRules: web.resolveRules,
    allowPrivateTargets: web.allowPrivateTargets,
    sites: web.sites.map(({ id, host, url, groundTruth }) => ({ id, host, url, groundTruth })),
  });
  return async () => {
    await launched.close();
    await web.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    browserWSEndpoint: string;
    fixtureWeb: {
      port: number;
      caCertPem: string;
      resolveRules: string[];
      allowPrivateTargets: string[];
      sites: Array<{
        id: string;
        host: string;
        url: string;
        groundTruth: {
          preConsent: {
            cookies: Array<{ name: string; domain: string }>;
            storage: Array<{ kind: string; originHost: string; name: string }>;
            trackerVendors: string[];
            trackerHosts: string[];
            /** Third-party services that are not trackers; absent when the site loads none. */
            services?: Array<{ host: string; vendor: string; category: string }>;
          };
        };
      }>;
    };
  }
}
