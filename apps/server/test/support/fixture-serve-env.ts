import { inject } from "vitest";

/**
 * The environment of a reference server under test: an ephemeral port, its own data directory, the fixture
 * web reached through resolve rules, and the shared test browser, which is launched with the scanner's own
 * flags and sandbox (so it may be trusted as a remote browser). Short observe windows keep it fast.
 */
export function fixtureServeEnv(dataDir: string): Record<string, string> {
  const web = inject("fixtureWeb");
  return {
    PUBLIC_SCAN_PORT: "0",
    PUBLIC_SCAN_DATA_DIR: dataDir,
    PUBLIC_SCAN_RESOLVE: web.resolveRules.join(","),
    PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: web.allowPrivateTargets.join(","),
    PUBLIC_SCAN_BROWSER_WS_ENDPOINT: inject("browserWSEndpoint"),
    PUBLIC_SCAN_REMOTE_BROWSER: "trusted",
    PUBLIC_SCAN_OBSERVE_MS: "300",
    PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "2000",
  };
}
