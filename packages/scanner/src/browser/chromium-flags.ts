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
  // Desktop Chrome isolates sites: cross-site iframes run out of process. Headless builds may not by default.
  "--site-per-process",
  // WebRTC's UDP would go around the egress proxy; only proxied traffic may leave the browser.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  // Headless Chromium lets a page open windows without a user gesture; each is one more renderer in the
  // browser other scans share. A visitor's Chrome blocks such popups; the scanner blocks all of them.
  "--block-new-web-contents",
  "--mute-audio",
  "--hide-scrollbars",
] as const;

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
