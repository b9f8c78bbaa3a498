import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// One test run for the whole workspace. Workspace packages resolve to their TypeScript sources through the
// `@public-scan/source` export condition; the tests that must see the built output (the core purity test)
// load `dist/` in a child process on purpose.
export default defineConfig({
  resolve: { conditions: ["@public-scan/source", ...defaultServerConditions] },
  ssr: { resolve: { conditions: ["@public-scan/source", ...defaultServerConditions] } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "tools/*/test/**/*.test.ts", "examples/*/**/*.test.ts", "test/**/*.test.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    globalSetup: ["./test/support/browser-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
