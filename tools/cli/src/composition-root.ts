// The composition root of the scan command (ARCHITECTURE.md; the serve command has its own,
// `serve/compose-serve-command.ts`): the one place that decides which implementation
// serves each port. reflect-metadata is tsyringe's prerequisite and is imported first; registrations are
// factories under symbol tokens, so nothing relies on emitted type metadata and domain code stays free of
// decorators.
import "reflect-metadata";
import type { ScanStore, Scanner } from "@public-scan/core";
import { createPuppeteerScanner, type PuppeteerScannerOptions } from "@public-scan/scanner";
import { container, type DependencyContainer } from "tsyringe";

export const TOKENS = {
  scannerOptions: Symbol("PuppeteerScannerOptions"),
  scanner: Symbol("Scanner"),
  scanStore: Symbol("ScanStore"),
} as const;

/**
 * A child container per command run: the scanner is built from its options on first resolve (once), and
 * the store the caller opened is registered as it is.
 */
export function composeScanCommand(options: { scanner: PuppeteerScannerOptions; scanStore: ScanStore }): DependencyContainer {
  const scope = container.createChildContainer();
  scope.register(TOKENS.scannerOptions, { useValue: options.scanner });
  let scanner: Scanner | null = null;
  scope.register(TOKENS.scanner, {
    useFactory: (resolver) => (scanner ??= createPuppeteerScanner(resolver.resolve<PuppeteerScannerOptions>(TOKENS.scannerOptions))),
  });
  scope.register(TOKENS.scanStore, { useValue: options.scanStore });
  return scope;
}
