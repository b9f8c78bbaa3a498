import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { PuppeteerScannerOptions } from "@public-scan/scanner";
import { DATABASE_FILE } from "../open-scan-store.js";
import type { ServeConfig } from "./parse-serve-config.js";
import { readIdentifierSecret } from "./read-identifier-secret.js";
import { openServeStorage, type ServeStorage } from "./serve-storage.js";

export interface PreparedServeProcess {
  scannerOptions: PuppeteerScannerOptions;
  /** The data directory (absolute), created if missing. */
  directory: string;
  identifierSecret: string;
  storage: ServeStorage;
  /** With `demo`: the fixture web's sites this process may scan. */
  demoSites: Array<{ id: string; url: string }>;
  /** Closes the storage client and the demo's fixture web. */
  close: () => Promise<void>;
}

/**
 * What every process of the reference server sets up before composing its parts, whatever its role: the
 * scanner's settings from the operator's configuration (plus the bundled fixture web with `demo`; each
 * process serves its own copy, reached by the same host names), the data directory with the deployment
 * secret, and the storage. Settings that can be wrong are checked before anything starts.
 */
/** Page slots the scanner has beyond one per scan the queue runs: room for the phases of the scans under way. */
export const SPARE_PAGES = 2;

export async function prepareServeProcess(config: ServeConfig, log: (line: string) => void): Promise<PreparedServeProcess> {
  const scannerOptions: PuppeteerScannerOptions = {
    // Pages, not scans: the queue runs `concurrency` scans, and two more pages let the scans under way run
    // their accept and GPC visits beside their own while the browser has room (a full scan then costs
    // about its longest phase); under full load each scan runs them one after the other.
    concurrency: config.concurrency + SPARE_PAGES,
    resolve: config.resolve,
    allowPrivateTargets: config.allowPrivateTargets,
    ...(config.extraCaCertsFile === null ? {} : { extraCaCertsFile: config.extraCaCertsFile }),
    ...(config.tcfVendorListFile === null ? {} : { tcfVendorListFile: config.tcfVendorListFile }),
    ...(config.observeMs === null ? {} : { observeMs: config.observeMs }),
    phases: config.phases,
    ...(config.browserWSEndpoint === null ? {} : { browserWSEndpoint: config.browserWSEndpoint }),
    remoteBrowserTrusted: config.remoteBrowserTrusted,
    ...(config.browserRecycle.afterScans === null ? {} : { recycleAfterScans: config.browserRecycle.afterScans }),
    ...(config.browserRecycle.aboveMb === null ? {} : { recycleAboveMb: config.browserRecycle.aboveMb }),
    isolateSites: config.isolateSites,
  };
  let closeDemo = async () => {};
  let demoSites: PreparedServeProcess["demoSites"] = [];
  if (config.demo) {
    const { startFixtureWeb } = await import("@public-scan/fixture-web");
    const web = await startFixtureWeb();
    closeDemo = () => web.close();
    demoSites = web.sites.map(({ id, url }) => ({ id, url }));
    Object.assign(scannerOptions, {
      resolve: [...web.resolveRules, ...config.resolve],
      allowPrivateTargets: [...web.allowPrivateTargets, ...config.allowPrivateTargets],
      extraCaCerts: web.caCertPem,
    });
  }
  try {
    const directory = resolve(config.dataDir);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    // Every process of a deployment needs the same secret (counter keys, sealed queries): from the
    // environment, or from the data directory the processes share.
    const identifierSecret = config.identifierSecret ?? (await readIdentifierSecret(directory));
    const storage = await openServeStorage(config, { databasePath: join(directory, DATABASE_FILE), log });
    return {
      scannerOptions,
      directory,
      identifierSecret,
      storage,
      demoSites,
      close: async () => {
        await storage.close();
        await closeDemo();
      },
    };
  } catch (error) {
    await closeDemo();
    throw error;
  }
}
