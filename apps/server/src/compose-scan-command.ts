// The composition of the scan command (`pnpm scan`). reflect-metadata is tsyringe's prerequisite and is
// imported first.
import "reflect-metadata";
import { PORTS, usePort, type ScanStore, type Scanner } from "@public-scan/core";
import { createPuppeteerScanner, type PuppeteerScannerOptions } from "@public-scan/scanner";
import { container, type DependencyContainer } from "tsyringe";

/**
 * The scan command's ports, in a child of the container given (default: tsyringe's root container): the
 * scanner an embedder registered under `PORTS.scanner`, else one built from the command's options; the
 * scan store likewise, else the one the command opened.
 */
export function composeScanCommand(input: { scanner: PuppeteerScannerOptions; scanStore: ScanStore; container?: DependencyContainer }): {
  scanner: Scanner;
  scans: ScanStore;
} {
  const scope = (input.container ?? container).createChildContainer();
  return {
    scanner: usePort(scope, PORTS.scanner, () => createPuppeteerScanner(input.scanner)),
    scans: usePort(scope, PORTS.scanStore, () => input.scanStore),
  };
}
