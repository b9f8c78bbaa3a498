import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// One test run for the whole workspace, in two projects. Workspace packages resolve to their TypeScript
// sources through the `@public-scan/source` export condition; the tests that must see the built output (the
// core purity test) load `dist/` in a child process on purpose.
//
// `unit`: every test that needs neither a browser nor the fixture web; no global setup, so no Chromium.
// `browser`: the `*.browser.test.ts` files, which `inject(...)` the one shared Chromium and the fixture web
// that the global setup starts for the whole run (test files run in parallel against them).
const TEST_ROOTS = ["packages/*/test/**/", "apps/*/test/**/", "tools/*/test/**/", "examples/*/**/", "test/**/"];
const BROWSER_TESTS = TEST_ROOTS.map((root) => `${root}*.browser.test.ts`);
const ALL_TESTS = TEST_ROOTS.map((root) => `${root}*.test.ts`);
// Without "module": it points some packages (the AWS SDK) at bundler-only builds with extensionless imports, which Node cannot load.
const conditions = ["@public-scan/source", ...defaultServerConditions.filter((condition) => condition !== "module")];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ALL_TESTS, exclude: [...BROWSER_TESTS, "**/node_modules/**"] } },
      // Real scans on a shared 2-core CI machine take 2-3 times their quiet duration while other files run:
      // browser tests get 60 s unless they state their own bound.
      {
        extends: true,
        test: { name: "browser", include: BROWSER_TESTS, globalSetup: ["./test/support/browser-global-setup.ts"], testTimeout: 60_000 },
      },
    ],
  },
});
