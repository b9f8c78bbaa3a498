import { toSafeUrl } from "@public-scan/core";
import type { PuppeteerScannerOptions } from "@public-scan/scanner";
import { composeScanCommand } from "./compose-scan-command.js";
import { formatObservations } from "./format-observations.js";
import { formatReport } from "./format-report.js";
import { openScanStore } from "./open-scan-store.js";
import { parseScanArgs, SCAN_USAGE } from "./parse-scan-args.js";
import { scanThroughService, type ServiceScanResult } from "./scan-through-service.js";

/** Site of the fixture web that `--demo` scans: a news site that loads trackers before consent. */
export const DEMO_SITE_ID = "daily-courier";

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * The scan command: scan one URL (or a site of the bundled fixture web with `--demo`) through the service's
 * use-cases on the embedded defaults (a SQLite file in the data directory), and print the report (score,
 * risk, coverage, findings, the pre-consent table) and the observations, as tables or JSON. A recent scan
 * of the same URL is reused unless `--fresh`. Progress goes to stderr so stdout stays machine-readable.
 * Returns the process exit code.
 */
export async function runScanCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let args;
  try {
    args = parseScanArgs(argv);
  } catch (error) {
    io.stderr(`scan: ${error instanceof Error ? error.message : String(error)}\n\n${SCAN_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.stdout(`${SCAN_USAGE}\n`);
    return 0;
  }

  const options: PuppeteerScannerOptions = {
    resolve: args.resolve,
    allowPrivateTargets: args.allowPrivateTargets,
    ...(args.extraCaCertsFile === null ? {} : { extraCaCertsFile: args.extraCaCertsFile }),
    ...(args.observeMs === null ? {} : { observeMs: args.observeMs }),
    phases: args.phases,
  };
  let url = args.url ?? "";
  let closeFixtures = async () => {};
  if (args.demo) {
    const { fixtureWebReach, startFixtureWeb } = await import("@public-scan/fixture-web");
    const web = await startFixtureWeb();
    closeFixtures = () => web.close();
    const site = web.sites.find((candidate) => candidate.id === DEMO_SITE_ID) ?? web.sites[0];
    if (!site) throw new Error("the fixture web has no sites");
    url = site.url;
    Object.assign(options, fixtureWebReach(web));
    io.stderr(`demo: the bundled fixture web serves ${site.host} on 127.0.0.1:${web.port} (offline)\n`);
  }

  const store = await openScanStore(args.demo ? { temporary: true } : { dataDir: args.dataDir });
  const { scanner, scans } = composeScanCommand({ scanner: options, scanStore: store.scans });
  let result: ServiceScanResult;
  try {
    // Shown as everywhere else: without the query string and fragment, which may carry tokens (they are scanned).
    io.stderr(`scan: ${toSafeUrl(url) ?? url}\n`);
    result = await scanThroughService({
      scanner,
      scans,
      url,
      fresh: args.fresh,
      onProgress: ({ phase, progressPercent }) => io.stderr(`  ${String(progressPercent).padStart(3)}% ${phase}\n`),
    });
  } catch (error) {
    io.stderr(`scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await scanner.close();
    await store.close();
    await closeFixtures();
  }
  if (result.kind === "ended") {
    io.stderr(`scan ${result.job.status}: ${result.job.error?.message ?? "no result"}\n`);
    if (args.json) io.stdout(`${JSON.stringify({ job: result.job }, null, 2)}\n`);
    return 1;
  }
  const { scan, findings, table, observations } = result;
  if (args.json) {
    io.stdout(`${JSON.stringify({ scan, findings, preConsentCookiesTrackers: table, observations }, null, 2)}\n`);
  } else {
    io.stdout(`${formatReport({ scan, findings, table })}\n`);
    if (observations !== null) io.stdout(`\nObservations\n${formatObservations(observations)}\n`);
  }
  return 0;
}
