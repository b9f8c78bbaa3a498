/**
 * Chromium command-line flags for scanning.
 *
 * - The closed-network flags keep Chromium from calling home (docs/scanner.md "Browser"): without them a
 *   machine with no internet sees many refused connections at every start.
 * - `AutomationControlled` is turned off so `navigator.webdriver` is false: some sites hide their banner or
 *   trackers from automation, and a scanner must see what a visitor sees.
 */
export const SCAN_FLAGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--no-default-browser-check",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-breakpad",
  "--disable-domain-reliability",
  "--metrics-recording-only",
  "--disable-blink-features=AutomationControlled",
  // WebRTC's UDP would go around the egress proxy; only proxied traffic may leave the browser.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  // Headless Chromium lets a page open windows without a user gesture; each is one more renderer in the
  // browser other scans share. A visitor's Chrome blocks such popups; the scanner blocks all of them.
  "--block-new-web-contents",
  "--mute-audio",
  "--hide-scrollbars",
] as const;

/**
 * The process model for a scan's frames (`siteIsolationFlags`). With site isolation (desktop Chrome's model)
 * every cross-site frame runs in a renderer of its own: a news page with a dozen ad and sync frames then
 * takes a dozen renderers per visit, most of a scan's memory (BENCHMARKS.md "Memory per scan"). Without it,
 * a scan's frames share its context's renderer. What a scan observes is the same either way: requests,
 * cookies and storage are per frame, not per process, and the collectors attach to in-process and
 * out-of-process frames alike. Isolation between scans does not depend on it: Chromium never puts two
 * browser contexts in one renderer, and each scan has contexts of its own. What isolation adds inside one
 * scan (a compromised renderer reaching another site's frame of the same visit) guards no one's data there:
 * a first-time visit holds no login, and the renderers stay sandboxed.
 */
export function siteIsolationFlags(isolateSites: boolean): string[] {
  return isolateSites ? ["--site-per-process"] : ["--disable-site-isolation-trials"];
}

/**
 * puppeteer's default flags that a scanning browser must not have: `--enable-automation` shows the
 * automation infobar and tells the page; `--disable-popup-blocking` would let a page open windows without a
 * user gesture, which a visitor's Chrome blocks and which could exhaust the browser other scans share.
 */
export const DROPPED_PUPPETEER_DEFAULTS = ["--enable-automation", "--disable-popup-blocking"] as const;

/**
 * Flags that must never reach a scanning browser: they would let a page read across origins or load
 * insecure content that a real visitor's browser blocks (ARCHITECTURE.md). @sparticuz/chromium's defaults
 * include two of them, so every flag list passes through `withoutForbiddenFlags`.
 */
export const FORBIDDEN_FLAGS = [
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--ignore-certificate-errors",
  // Skips every check for a chain holding one of the keys; a private CA is trusted in full instead (`extraCaCerts`).
  "--ignore-certificate-errors-spki-list",
  "--remote-debugging-address",
  // The browser is driven over a pipe only (createPipeTransport): a port would let any local process drive it.
  "--remote-debugging-port",
] as const;

export function withoutForbiddenFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => !FORBIDDEN_FLAGS.some((forbidden) => flag === forbidden || flag.startsWith(`${forbidden}=`)));
}
