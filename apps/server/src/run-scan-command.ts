import { compareScans, toSafeUrl, type FindingSummary, type Scan } from "@public-scan/core";
import { SCANNER_VERSION, type PuppeteerScannerOptions } from "@public-scan/scanner";
import { composeScanCommand } from "./compose-scan-command.js";
import { evaluateScanGate } from "./evaluate-scan-gate.js";
import { formatObservations } from "./format-observations.js";
import { formatReport } from "./format-report.js";
import { formatScanProgress } from "./format-scan-progress.js";
import { COLOURED, PLAIN } from "./terminal-paint.js";
import { openScanStore } from "./open-scan-store.js";
import { parseScanArgs, SCAN_USAGE, type ScanArgs } from "./parse-scan-args.js";
import { formatChanges } from "./format-changes.js";
import { readScanBaseline, type ScanBaseline } from "./read-scan-baseline.js";
import { SCAN_EXIT_CODES } from "./scan-exit-codes.js";
import { scanThroughService, type ServiceScanResult } from "./scan-through-service.js";
import { writeScanExports } from "./write-scan-exports.js";

/** Site of the fixture web that `--demo` scans: a news site that loads trackers before consent. */
export const DEMO_SITE_ID = "daily-courier";

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Colour in the report (a terminal that wants it: `wantsColour`); plain text when absent. */
  colour?: boolean;
}

/**
 * The scan command: scan one URL (or a site of the bundled fixture web with `--demo`) through the service's
 * use-cases on the embedded defaults (a SQLite file in the data directory), and print the report (score,
 * risk, coverage, findings, the pre-consent table) and the observations, as tables or JSON. A recent scan
 * of the same URL is reused unless `--fresh`. Progress goes to stderr so stdout stays machine-readable.
 * `--output` writes report files and `--fail-on`/`--min-score` make it a CI gate. Returns the process exit
 * code (`SCAN_EXIT_CODES`).
 */
export async function runScanCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let args;
  try {
    args = parseScanArgs(argv);
  } catch (error) {
    io.stderr(`scan: ${error instanceof Error ? error.message : String(error)}\n\n${SCAN_USAGE}\n`);
    return SCAN_EXIT_CODES.usage;
  }
  if (args.help) {
    io.stdout(`${SCAN_USAGE}\n`);
    return SCAN_EXIT_CODES.passed;
  }
  // Read before scanning: a baseline that cannot be used must not cost a scan.
  let baseline: ScanBaseline | null = null;
  try {
    if (args.baselineFile !== null) baseline = await readScanBaseline(args.baselineFile);
    if (baseline?.kind === "codes")
      io.stderr(`baseline ${args.baselineFile}: written before results carried \`comparable\`; only its finding codes are compared\n`);
  } catch (error) {
    io.stderr(`scan: ${error instanceof Error ? error.message : String(error)}\n`);
    return SCAN_EXIT_CODES.usage;
  }

  const options: PuppeteerScannerOptions = {
    resolve: args.resolve,
    allowPrivateTargets: args.allowPrivateTargets,
    ...(args.extraCaCertsFile === null ? {} : { extraCaCertsFile: args.extraCaCertsFile }),
    ...(args.tcfVendorListFile === null ? {} : { tcfVendorListFile: args.tcfVendorListFile }),
    ...(args.observeMs === null ? {} : { observeMs: args.observeMs }),
    phases: args.phases,
  };
  let url = args.url ?? "";
  let closeFixtures = async () => {};
  if (args.demo) {
    const { fixtureWebReach, startFixtureWeb } = await import("@public-scan/fixture-web");
    const web = await startFixtureWeb();
    closeFixtures = () => web.close();
    const wanted = args.demoSite ?? DEMO_SITE_ID;
    const site = web.sites.find((candidate) => candidate.id === wanted);
    if (!site) {
      await web.close();
      io.stderr(`scan: the fixture web has no site ${wanted}; its sites: ${web.sites.map((candidate) => candidate.id).join(", ")}\n`);
      return SCAN_EXIT_CODES.usage;
    }
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
    const startedAt = Date.now();
    result = await scanThroughService({
      scanner,
      scans,
      url,
      fresh: args.fresh,
      onProgress: (progress) => io.stderr(formatScanProgress(progress, Date.now() - startedAt)),
    });
  } catch (error) {
    io.stderr(`scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return SCAN_EXIT_CODES.notAssessed;
  } finally {
    await scanner.close();
    await store.close();
    await closeFixtures();
  }
  if (result.kind === "ended") {
    io.stderr(`scan ${result.job.status}: ${result.job.error?.message ?? "no result"}\n`);
    if (args.json) io.stdout(`${JSON.stringify({ job: result.job }, null, 2)}\n`);
    return SCAN_EXIT_CODES.notAssessed;
  }
  const { scan, findings, exported, table, view, vendorPhases, comparable, observations } = result;
  // The same diff as the changes route and the report page: against the baseline file when one is given,
  // else against the last scan of this URL in the data directory (the report view carries it).
  const changes =
    baseline?.kind === "comparable"
      ? { title: `Since the baseline (${args.baselineFile})`, changes: compareScans(baseline.scan, comparable) }
      : baseline === null && view.changes !== undefined
        ? { title: `Since the last scan (${view.changes.since.completedAt ?? "time not recorded"})`, changes: view.changes.changes }
        : null;
  if (args.json) {
    const since = changes === null ? {} : { changes: changes.changes };
    io.stdout(`${JSON.stringify({ scan, findings, preConsentCookiesTrackers: table, comparable, ...since, observations }, null, 2)}\n`);
  } else {
    const paint = io.colour === true ? COLOURED : PLAIN;
    io.stdout(
      `${formatReport({ scan, findings, table, vendorPhases, checks: view.checks, timeline: view.timeline, consentMode: view.consent?.consentMode, tcf: view.consent?.tcf, gpp: view.consent?.gpp, gpcAnswer: view.consent?.gpcAnswer, bannerDesign: view.consent?.bannerDesign, choiceToggles: view.consent?.choiceToggles }, paint)}\n`,
    );
    if (changes !== null) io.stdout(`\n${formatChanges(changes.changes, changes.title, paint)}\n`);
    if (observations !== null) io.stdout(`\nObservations\n${formatObservations(observations)}\n`);
  }
  // The demo's store is temporary: its scan cannot be opened later.
  io.stderr(args.demo ? `scan id ${scan.scanId}\n` : `scan id ${scan.scanId}; \`pnpm serve\` shows it at ${scan.links.report}\n`);
  if (args.outputs.length > 0) {
    const written = await writeScanExports(
      { scan, findings: exported, table, view, comparable },
      { formats: args.outputs, directory: args.outputPath, toolVersion: SCANNER_VERSION, failOn: args.failOn, minScore: args.minScore },
    );
    for (const path of written) io.stderr(`wrote ${path}\n`);
  }
  const known =
    baseline === null ? null : baseline.kind === "codes" ? baseline.codes : new Set(baseline.scan.findings.map((item) => item.id));
  return gateExitCode(args, { scan, findings: findings.findings, baseline: known }, io);
}

/** The exit code of a scanned site: not assessed, or the verdict of the gates the arguments set. */
function gateExitCode(
  args: ScanArgs,
  result: { scan: Scan; findings: readonly FindingSummary[]; baseline: ReadonlySet<string> | null },
  io: CommandIo,
): number {
  if (result.scan.scoreStatus === "not_assessed") {
    io.stderr("not assessed: the page could not be observed (exit 3)\n");
    return SCAN_EXIT_CODES.notAssessed;
  }
  if (args.failOn === null && args.minScore === null) return SCAN_EXIT_CODES.passed;
  const verdict = evaluateScanGate(result.scan, result.findings, {
    failOn: args.failOn,
    minScore: args.minScore,
    baseline: result.baseline,
  });
  if (verdict.passed) {
    io.stderr("gate passed\n");
    return SCAN_EXIT_CODES.passed;
  }
  for (const reason of verdict.reasons) io.stderr(`gate failed: ${reason}\n`);
  return SCAN_EXIT_CODES.gateFailed;
}
