/**
 * @public-scan/scanner: the puppeteer-core implementation of core's Scanner port, with real Chromium. One
 * scan is a pre-consent visit observed by collector plug-ins attached to every target (requests, cookies,
 * storage, frames, consent, transport), then the consent phases (reject, accept, GPC), the privacy policy
 * and the US-law signals, all behind the egress guard and its proxy.
 *
 * Folders, lowest first; each imports only from the ones before it (docs/scanner.md, "Source layout"):
 * timing, network, classify, browser -> visit -> collectors -> consent -> transport -> policy -> us-privacy
 * -> privacy-signals -> phases -> scan -> this root.
 */
export { createPuppeteerScanner, describeScannerSandbox, SCANNER_DEFAULTS } from "./create-puppeteer-scanner.js";
export type { PuppeteerScanner, PuppeteerScannerOptions } from "./create-puppeteer-scanner.js";
export type { ScanPhasesOption, ScanPhaseSwitches } from "./phases/scan-phases.js";
export { SCANNER_VERSION } from "./scanner-version.js";
export { FORBIDDEN_FLAGS, SCAN_FLAGS, withoutForbiddenFlags } from "./browser/chromium-flags.js";
export { resolveExecutable, SYSTEM_BROWSER_PATHS } from "./browser/resolve-executable.js";
export type { BrowserSource, ResolveExecutableOptions } from "./browser/resolve-executable.js";
export { createBrowserPool } from "./browser/browser-pool.js";
export { launchBrowser } from "./browser/launch-browser.js";
export { chooseSandbox, describeSandbox, NOBODY } from "./browser/choose-sandbox.js";
export type { ChooseSandboxOptions, SandboxPolicy } from "./browser/choose-sandbox.js";
export type { LaunchBrowserOptions, LaunchedBrowser } from "./browser/launch-browser.js";
export type { BrowserPool, BrowserPoolOptions } from "./browser/browser-pool.js";
export type { Collector, CollectorContext } from "./collectors/collector.js";
export type { AttachedTarget, TargetKind } from "./visit/attach-targets.js";
export { createClassifier, partyOf, registrableDomainOf } from "./classify/index.js";
export type { Classifier, ClassifierDataVersions, CreateClassifierOptions } from "./classify/index.js";
export {
  classifyAddress,
  createEgressGuard,
  createGuardedLookup,
  createTargetPolicy,
  matchesHostPattern,
  parseResolveRules,
  startEgressProxy,
  toTargetPolicy,
} from "./network/index.js";
export type {
  AddressClass,
  EgressDecision,
  EgressGuard,
  EgressGuardOptions,
  EgressProxy,
  EgressRefusal,
  GuardedLookup,
  ResolveRule,
} from "./network/index.js";
export {
  createWebhookSecret,
  createWebhookSender,
  deliverWebhook,
  postWebhook,
  signWebhook,
  WEBHOOK_RETRY_DELAYS_MS,
} from "./webhooks/index.js";
export type { WebhookSenderOptions } from "./webhooks/index.js";
export type { WebhookAttempt, WebhookAttemptRecord, WebhookDelivery, WebhookDeliveryInput, WebhookHeaders } from "./webhooks/index.js";
export { detectPageKind } from "./visit/detect-page-kind.js";
export type { PageSignals } from "./visit/detect-page-kind.js";
