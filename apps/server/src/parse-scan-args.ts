import { parseArgs } from "node:util";
import { CriticalitySchema, ScanUrlSchema, type Criticality } from "@public-scan/core";
import { parsePhasePreset, type ScanPhasePreset } from "./parse-phase-preset.js";
import { EXPORT_FORMATS, type ExportFormat } from "./write-scan-exports.js";

export interface ScanArgs {
  url: string | null;
  demo: boolean;
  /** With `--demo`: the fixture-web site to scan (its id), or null for the default one. */
  demoSite: string | null;
  json: boolean;
  resolve: string[];
  allowPrivateTargets: string[];
  extraCaCertsFile: string | null;
  /** An IAB Global Vendor List file, to name TC strings' vendors. */
  tcfVendorListFile: string | null;
  observeMs: number | null;
  /** Which consent phases run: `full` (reject, accept, GPC), `quick` (reject only) or `pre_consent_only`. */
  phases: ScanPhasePreset;
  /** Scan anew even when a recent scan of the URL is stored. */
  fresh: boolean;
  /** Where the SQLite file lives (default: PUBLIC_SCAN_DATA_DIR, else .data in the working directory). */
  dataDir: string;
  /** CI gate: findings at this criticality or above fail the command (exit 1). */
  failOn: Criticality | null;
  /** CI gate: a score under this fails the command (exit 1). */
  minScore: number | null;
  /** A previous JSON result: only findings it does not have count against `failOn`. */
  baselineFile: string | null;
  /** Files to write (`--output`), into `outputPath`. */
  outputs: ExportFormat[];
  outputPath: string;
  help: boolean;
}

export const SCAN_USAGE = `Usage: pnpm scan <url> [options]
       pnpm scan --demo [SITE]

Scans a public URL as a first-time visitor and prints what it does before consent.

Options:
  --resolve PATTERN=ADDRESS[:PORT]   resolve matching hosts to ADDRESS (repeatable), e.g. www.example.com=10.0.0.5
  --allow-private-targets P,...      host-name patterns that may resolve to private addresses
  --extra-ca-certs FILE              PEM file of extra trusted CA certificates
  --tcf-vendor-list FILE             an IAB Global Vendor List (vendor-list.json), to name TC strings' vendors
  --observe-ms N                     wait N ms after load so delayed trackers are seen (default 4000)
  --phases full|quick|pre_consent_only
                                     consent phases: reject, accept and GPC (full, the default), reject
                                     only (quick), or none
  --json                             print the scan, findings, table and observations as JSON
  --fresh                            scan anew even if a recent scan of the URL is stored
  --data-dir DIR                     where scans are stored (default $PUBLIC_SCAN_DATA_DIR or ./.data)
  --demo [SITE]                      scan a site of the bundled fixture web (works offline); SITE is its
                                     id (daily-courier by default; the error lists the others)

CI gate and reports:
  --fail-on high|medium|low|info     exit 1 when a finding is at this criticality or above
  --min-score N                      exit 1 when the score is under N (0-100)
  --baseline FILE                    a previous --output json (or --json) result: prints what changed since it,
                                     and with --fail-on only new findings fail
  --output FORMAT,...                write files: json, sarif, junit, csv (pre-consent table), md (summary),
                                     html (the report page, one file), pdf (the same, printed by Chromium)
  --output-path DIR                  where --output writes (default ./public-scan-report)
  -h, --help                         show this help

Exit codes: 0 scanned and every gate passed; 1 a gate failed; 2 bad arguments; 3 the site could not be
assessed (the scan failed, or the page was blocked, unreachable or not a page).`;

/** Parses the scan command's arguments; throws an Error with a clear message on bad input. */
export function parseScanArgs(argv: readonly string[]): ScanArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      resolve: { type: "string", multiple: true },
      "allow-private-targets": { type: "string", multiple: true },
      "extra-ca-certs": { type: "string" },
      "tcf-vendor-list": { type: "string" },
      "observe-ms": { type: "string" },
      phases: { type: "string" },
      json: { type: "boolean" },
      fresh: { type: "boolean" },
      "data-dir": { type: "string" },
      demo: { type: "boolean" },
      "fail-on": { type: "string" },
      "min-score": { type: "string" },
      baseline: { type: "string" },
      output: { type: "string", multiple: true },
      "output-path": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 1) throw new Error(`expected one URL, got ${positionals.length}`);
  const observe = values["observe-ms"];
  const observeMs = observe === undefined ? null : Number(observe);
  if (observeMs !== null && (!Number.isInteger(observeMs) || observeMs < 0 || observeMs > 60_000))
    throw new Error("--observe-ms must be an integer from 0 to 60000");
  const demo = values.demo ?? false;
  const args: ScanArgs = {
    url: demo ? null : (positionals[0] ?? null),
    demo,
    demoSite: demo ? (positionals[0] ?? null) : null,
    json: values.json ?? false,
    resolve: values.resolve ?? [],
    allowPrivateTargets: (values["allow-private-targets"] ?? []).flatMap((list) =>
      list
        .split(",")
        .map((pattern) => pattern.trim())
        .filter(Boolean),
    ),
    extraCaCertsFile: values["extra-ca-certs"] ?? null,
    tcfVendorListFile: values["tcf-vendor-list"] ?? null,
    observeMs,
    phases: parsePhasePreset(values.phases),
    fresh: values.fresh ?? false,
    dataDir: values["data-dir"] ?? process.env.PUBLIC_SCAN_DATA_DIR ?? ".data",
    failOn: parseFailOn(values["fail-on"]),
    minScore: parseMinScore(values["min-score"]),
    baselineFile: values.baseline ?? null,
    outputs: parseOutputs(values.output ?? []),
    outputPath: values["output-path"] ?? "public-scan-report",
    help: values.help ?? false,
  };
  if (!args.help && !args.demo && args.url === null) throw new Error("a URL is required (or --demo)");
  if (args.demoSite !== null && !/^[a-z0-9-]{1,64}$/.test(args.demoSite))
    throw new Error("--demo scans the bundled fixture web: give a site id (like green-grocer), not a URL");
  if (args.url !== null) {
    // The same rule as the API's create-scan request: an absolute http(s) URL without credentials.
    const checked = ScanUrlSchema.safeParse(args.url);
    if (!checked.success) throw new Error(`invalid URL: ${checked.error.issues[0]?.message ?? "not a URL"}`);
    args.url = checked.data;
  }
  return args;
}

function parseFailOn(value: string | undefined): Criticality | null {
  if (value === undefined) return null;
  const checked = CriticalitySchema.safeParse(value);
  if (!checked.success) throw new Error(`--fail-on must be one of ${CriticalitySchema.options.join(", ")}`);
  return checked.data;
}

function parseMinScore(value: string | undefined): number | null {
  if (value === undefined) return null;
  const score = Number(value);
  if (!/^\d{1,3}$/.test(value) || score > 100) throw new Error("--min-score must be an integer from 0 to 100");
  return score;
}

/** `--output json,sarif --output md`: each format once, in the order given. */
function parseOutputs(values: readonly string[]): ExportFormat[] {
  const formats = values.flatMap((list) => list.split(",").map((format) => format.trim().toLowerCase())).filter(Boolean);
  for (const format of formats)
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      throw new Error(`--output: unknown format ${format} (one of ${EXPORT_FORMATS.join(", ")})`);
  return [...new Set(formats as ExportFormat[])];
}
