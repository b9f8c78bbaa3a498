// The composition root of the serve command: the one place that decides which implementation serves each
// port of the reference server (the scan command has its own, `composition-root.ts`). reflect-metadata is
// tsyringe's prerequisite and is imported first; registrations are factories under symbol tokens.
import "reflect-metadata";
import {
  createRateLimiter,
  type AuditLog,
  type AuditRetention,
  type CounterStore,
  type KeyStore,
  type RateLimiter,
  type ScanRetention,
  type ScanStore,
  type ServiceObserver,
  type TargetPolicy,
} from "@public-scan/core";
import { createPuppeteerScanner, type PuppeteerScanner, type PuppeteerScannerOptions } from "@public-scan/scanner";
import { container, type DependencyContainer } from "tsyringe";
import type { ServeStorage } from "./serve-storage.js";
import { storesOf } from "./stores-of.js";

export const SERVE_TOKENS = {
  scans: Symbol("ScanStore"),
  keys: Symbol("KeyStore"),
  counters: Symbol("CounterStore"),
  limiter: Symbol("RateLimiter"),
  scanner: Symbol("Scanner"),
  targets: Symbol("TargetPolicy"),
} as const;

export interface ServeComposition {
  scans: ScanStore & ScanRetention;
  /** Keys and, in the same file, the audit trail of key requests and revocations. */
  keys: KeyStore & { audit: AuditLog & AuditRetention };
  counters: CounterStore;
  limiter: RateLimiter;
  /** With its browser pool's counts, for metrics. */
  scanner: PuppeteerScanner;
  targets: TargetPolicy;
}

/**
 * The reference server's parts: scans, keys, the audit trail and the rate-limit counters in one SQLite file
 * (the embedded default) or in Redis under the deployment's prefix (the distributed mode), the contract's
 * limits over those counters, and a local browser pool behind the scanner's egress policy (also asked up
 * front, as the target policy). The browser is launched at the first scan, so an API process that only
 * enqueues never starts one. A host with other stores or a queue of its own writes its own root like this
 * one and hands the parts to `createLocalService`.
 */
export function composeServeCommand(input: {
  scanner: PuppeteerScannerOptions;
  storage: ServeStorage;
  identifierSecret: string;
  /** Told about every refusal of a limit, for metrics. */
  observer?: ServiceObserver;
}): ServeComposition & { scope: DependencyContainer } {
  const scope = container.createChildContainer();
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const stores = storesOf(input.storage);
  scope.register(SERVE_TOKENS.scans, { useFactory: once(stores.scans) });
  scope.register(SERVE_TOKENS.keys, { useFactory: once(stores.keys) });
  scope.register(SERVE_TOKENS.counters, { useFactory: once(stores.counters) });
  scope.register(SERVE_TOKENS.limiter, {
    useFactory: once(() =>
      createRateLimiter({
        store: scope.resolve<CounterStore>(SERVE_TOKENS.counters),
        identifierSecret: input.identifierSecret,
        ...(input.observer === undefined ? {} : { observer: input.observer }),
      }),
    ),
  });
  scope.register(SERVE_TOKENS.scanner, { useFactory: once(() => createPuppeteerScanner(input.scanner)) });
  // The scanner's own egress rules: what the API refuses up front is what the scanner would refuse, configured once.
  scope.register(SERVE_TOKENS.targets, { useFactory: once(() => scope.resolve<PuppeteerScanner>(SERVE_TOKENS.scanner).targets) });
  return {
    scope,
    scans: scope.resolve(SERVE_TOKENS.scans),
    keys: scope.resolve(SERVE_TOKENS.keys),
    counters: scope.resolve(SERVE_TOKENS.counters),
    limiter: scope.resolve(SERVE_TOKENS.limiter),
    scanner: scope.resolve(SERVE_TOKENS.scanner),
    targets: scope.resolve(SERVE_TOKENS.targets),
  };
}
