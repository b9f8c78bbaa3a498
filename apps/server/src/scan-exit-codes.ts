/**
 * What the scan command's exit code says, for CI (documented in docs/ci.md): like Lighthouse CI's
 * assertions, a gate that fails is 1, and a site that could not be assessed is never a pass.
 */
export const SCAN_EXIT_CODES = {
  /** Scanned, and every gate given passed. */
  passed: 0,
  /** Scanned, and a gate failed: a finding at `--fail-on` or above (new ones only with `--baseline`), or a score under `--min-score`. */
  gateFailed: 1,
  /** Bad arguments or an unreadable baseline: nothing was scanned. */
  usage: 2,
  /** The site could not be assessed: the scan failed or expired, or it ended as a no-go (blocked, unreachable, not a page). */
  notAssessed: 3,
} as const;
