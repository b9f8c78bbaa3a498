import { toScanReport, type ScanObservations } from "@public-scan/core";
import { createPuppeteerScanner, type PuppeteerScannerOptions } from "@public-scan/scanner";
import { formatObservations } from "./format-observations.js";
import { formatReport } from "./format-report.js";
import { parseScanArgs, SCAN_USAGE } from "./parse-scan-args.js";

/** Site of the fixture web that `--demo` scans: a news site that loads trackers before consent. */
export const DEMO_SITE_ID = "daily-courier";

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * The scan command: scan one URL (or a site of the bundled fixture web with `--demo`) and print the report
 * (score, risk, coverage, findings, the pre-consent table) and the observations, as tables or JSON. Progress goes to stderr so stdout stays machine-readable.
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
  };
  let url = args.url ?? "";
  let closeFixtures = async () => {};
  if (args.demo) {
    const { startFixtureWeb } = await import("@public-scan/fixture-web");
    const web = await startFixtureWeb();
    closeFixtures = () => web.close();
    const site = web.sites.find((candidate) => candidate.id === DEMO_SITE_ID) ?? web.sites[0];
    if (!site) throw new Error("the fixture web has no sites");
    url = site.url;
    Object.assign(options, { resolve: web.resolveRules, allowPrivateTargets: web.allowPrivateTargets, extraCaCerts: web.caCertPem });
    io.stderr(`demo: the bundled fixture web serves ${site.host} on 127.0.0.1:${web.port} (offline)\n`);
  }

  const scanner = createPuppeteerScanner(options);
  let observations: ScanObservations;
  try {
    io.stderr(`scan: ${url}\n`);
    observations = await scanner.scan({
      url,
      onProgress: ({ phase, progressPercent }) => io.stderr(`  ${String(progressPercent).padStart(3)}% ${phase}\n`),
    });
  } catch (error) {
    io.stderr(`scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await scanner.close();
    await closeFixtures();
  }
  const report = toScanReport(observations);
  io.stdout(
    args.json
      ? `${JSON.stringify({ report, observations }, null, 2)}\n`
      : `${formatReport(report, observations.target.url)}\n\nObservations\n${formatObservations(observations)}\n`,
  );
  return 0;
}
