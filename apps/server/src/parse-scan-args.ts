import { parseArgs } from "node:util";
import { ScanUrlSchema } from "@public-scan/core";
import { parsePhasePreset, type ScanPhasePreset } from "./parse-phase-preset.js";

export interface ScanArgs {
  url: string | null;
  demo: boolean;
  json: boolean;
  resolve: string[];
  allowPrivateTargets: string[];
  extraCaCertsFile: string | null;
  observeMs: number | null;
  /** Which consent phases run: `full` (reject, accept, GPC), `quick` (reject only) or `pre_consent_only`. */
  phases: ScanPhasePreset;
  /** Scan anew even when a recent scan of the URL is stored. */
  fresh: boolean;
  /** Where the SQLite file lives (default: PUBLIC_SCAN_DATA_DIR, else .data in the working directory). */
  dataDir: string;
  help: boolean;
}

export const SCAN_USAGE = `Usage: pnpm scan <url> [options]
       pnpm scan --demo

Scans a public URL as a first-time visitor and prints what it does before consent.

Options:
  --resolve PATTERN=ADDRESS[:PORT]   resolve matching hosts to ADDRESS (repeatable), e.g. www.example.com=10.0.0.5
  --allow-private-targets P,...      host-name patterns that may resolve to private addresses
  --extra-ca-certs FILE              PEM file of extra trusted CA certificates
  --observe-ms N                     wait N ms after load so delayed trackers are seen (default 4000)
  --phases full|quick|pre_consent_only
                                     consent phases: reject, accept and GPC (full, the default), reject
                                     only (quick), or none
  --json                             print the scan, findings, table and observations as JSON
  --fresh                            scan anew even if a recent scan of the URL is stored
  --data-dir DIR                     where scans are stored (default $PUBLIC_SCAN_DATA_DIR or ./.data)
  --demo                             scan a site of the bundled fixture web (works offline)
  -h, --help                         show this help`;

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
      "observe-ms": { type: "string" },
      phases: { type: "string" },
      json: { type: "boolean" },
      fresh: { type: "boolean" },
      "data-dir": { type: "string" },
      demo: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 1) throw new Error(`expected one URL, got ${positionals.length}`);
  const observe = values["observe-ms"];
  const observeMs = observe === undefined ? null : Number(observe);
  if (observeMs !== null && (!Number.isInteger(observeMs) || observeMs < 0 || observeMs > 60_000))
    throw new Error("--observe-ms must be an integer from 0 to 60000");
  const args: ScanArgs = {
    url: positionals[0] ?? null,
    demo: values.demo ?? false,
    json: values.json ?? false,
    resolve: values.resolve ?? [],
    allowPrivateTargets: (values["allow-private-targets"] ?? []).flatMap((list) =>
      list
        .split(",")
        .map((pattern) => pattern.trim())
        .filter(Boolean),
    ),
    extraCaCertsFile: values["extra-ca-certs"] ?? null,
    observeMs,
    phases: parsePhasePreset(values.phases),
    fresh: values.fresh ?? false,
    dataDir: values["data-dir"] ?? process.env.PUBLIC_SCAN_DATA_DIR ?? ".data",
    help: values.help ?? false,
  };
  if (!args.help && !args.demo && args.url === null) throw new Error("a URL is required (or --demo)");
  if (args.demo && args.url !== null) throw new Error("--demo scans the bundled fixture web; give no URL with it");
  if (args.url !== null) {
    // The same rule as the API's create-scan request: an absolute http(s) URL without credentials.
    const checked = ScanUrlSchema.safeParse(args.url);
    if (!checked.success) throw new Error(`invalid URL: ${checked.error.issues[0]?.message ?? "not a URL"}`);
    args.url = checked.data;
  }
  return args;
}
