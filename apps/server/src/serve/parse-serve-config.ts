import { parseArgs } from "node:util";
import { monitorSettingsFromEnv, serviceSettingsFromEnv, type MonitorSettings } from "@public-scan/core";
import type { RestAppOptions } from "@public-scan/http-h3";
import { parsePhasePreset, type ScanPhasePreset } from "../parse-phase-preset.js";
import { defaultConcurrency, machineFacts, type MachineFacts } from "./default-concurrency.js";
import { parseHstsSetting } from "./parse-hsts-setting.js";
import { parseRetentionConfig, type RetentionConfig } from "../parse-retention-config.js";

export interface ServeConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Public base URL for links (default: http://HOST:PORT). */
  baseUrl: string | null;
  trustedProxies: string[];
  /** Strict-Transport-Security over https (PUBLIC_SCAN_HSTS; undefined: the REST app's default). */
  hsts: RestAppOptions["hsts"];
  resolve: string[];
  allowPrivateTargets: string[];
  extraCaCertsFile: string | null;
  /** An IAB Global Vendor List file the operator supplies, to name TC strings' vendors. */
  tcfVendorListFile: string | null;
  /** Scans at the same time. */
  concurrency: number;
  /** How many of the latest scans the home page lists (0: none). */
  recentScans: number;
  /** How long running scans may take to finish on shutdown before they are put back to queued. */
  shutdownGraceMs: number;
  /** Secret for hashing client addresses and key ids in rate-limit counters. */
  identifierSecret: string | null;
  observeMs: number | null;
  /** Consent phases of every scan: `full` (reject, accept, GPC), `quick` (reject only) or `pre_consent_only`. */
  phases: ScanPhasePreset;
  /** A running browser to use over CDP instead of launching one. */
  browserWSEndpoint: string | null;
  /** The operator vouches for the remote browser's launch flags and sandbox (PUBLIC_SCAN_REMOTE_BROWSER=trusted). */
  remoteBrowserTrusted: boolean;
  /** Serve the bundled fixture web too, and scan it (offline demo). */
  demo: boolean;
  /** Accounts, the dashboard and the OAuth authorization server for /mcp (on unless turned off). */
  accounts: boolean;
  /** SMTP relay for account emails; without one, the emails (verification links) are written to the log. */
  smtpUrl: string | null;
  /** Sender of account emails. */
  mailFrom: string | null;
  /** PEM file of extra CA certificates for the SMTP relay. */
  smtpCaFile: string | null;
  /** The service's own settings from the environment (support address, upgrade message, regions): `serviceSettingsFromEnv`. */
  service: ReturnType<typeof serviceSettingsFromEnv>;
  /** Monitors: the cap per key, the shortest schedule, when a failing webhook disables one: `monitorSettingsFromEnv`. */
  monitors: MonitorSettings;
  /** Redis for every store and the BullMQ job queue (the distributed mode); null: the SQLite file and the in-process queue. */
  redisUrl: string | null;
  /** Prefix of every Redis key (ends with ':'); deployments sharing one Redis take one each. */
  redisPrefix: string;
  /** `api`: serves HTTP and only enqueues; `worker`: runs scans, serves nothing; `all`: both (one process). */
  role: ServeRole;
  /** How long a worker holds a running job's lock between renewals; a dead worker's job runs again after it. */
  jobLockMs: number;
  /** A worker's port for /livez and /readyz (on `host`); null: none. API processes answer them on `port`. */
  probePort: number | null;
  /** Jobs waiting at which an API process reports its queue degraded (not ready). */
  queueSaturatedAt: number;
  /** When the launched browser is replaced: after so many scans, or past so many MB (null: the scanner's defaults). */
  browserRecycle: { afterScans: number | null; aboveMb: number | null };
  /** Each cross-site frame in a renderer of its own (desktop Chrome's model); off by default, it costs memory. */
  isolateSites: boolean;
  /** How long scans and audit events are kept, and how often an API process purges older ones. */
  retention: RetentionConfig;
  help: boolean;
}

export type ServeRole = "api" | "worker" | "all";

export const SERVE_USAGE = `Usage: pnpm serve [options]

Starts the reference server: the REST API under /api/v2 and the report pages under /reports, on the
embedded defaults (a SQLite file in the data directory, a local Chromium, an in-process job queue), or,
with --redis-url, as one process of a cluster sharing Redis (stores) and BullMQ (jobs).

Options (each has an environment equivalent; a flag wins over the environment):
  --host HOST                  interface to listen on            PUBLIC_SCAN_HOST (default 127.0.0.1)
  --port PORT                  port (0: any free port)           PUBLIC_SCAN_PORT (default 8787)
  --data-dir DIR               where the SQLite file lives       PUBLIC_SCAN_DATA_DIR (default ./.data)
  --base-url URL               public URL used in links          PUBLIC_SCAN_BASE_URL (default http://HOST:PORT)
  --trusted-proxies LIST       proxies whose X-Forwarded-For is believed: addresses, CIDRs, loopback, private
                                                                 PUBLIC_SCAN_TRUSTED_PROXIES (default none)
  --concurrency N              scans at the same time (the browser gets N + 2 pages)  PUBLIC_SCAN_CONCURRENCY
                               (default 2 per CPU core, as many as the memory holds at 0.5 GiB + 0.25 GiB per page, 1 to 8)
  --recent-scans N             latest scans listed on the home page (their site, score and report; 0: none)
                                                                 PUBLIC_SCAN_RECENT_SCANS (default 10)
  --demo                       also serve the bundled fixture web and allow scanning it (works offline)
  --no-accounts                no accounts, dashboard or OAuth (/mcp then takes API keys only)
                                                                 PUBLIC_SCAN_ACCOUNTS=off
  --smtp-url URL               SMTP relay for account emails (smtp:// or smtps://)
                                                                 PUBLIC_SCAN_SMTP_URL (default: emails go to the log)
  --redis-url URL              Redis for scans, keys, accounts, counters and the BullMQ job queue
                                                                 PUBLIC_SCAN_REDIS_URL (default: the SQLite file)
  --role api|worker|all        api: HTTP only, enqueues scans; worker: runs scans, no HTTP; all: both
                               (api and worker need --redis-url) PUBLIC_SCAN_ROLE (default all)
  -h, --help                   show this help

Scanner settings (operator settings, never fields of a request):
  PUBLIC_SCAN_RESOLVE                PATTERN=ADDRESS[:PORT] rules, comma-separated (--resolve, repeatable)
  PUBLIC_SCAN_EXTRA_CA_CERTS         PEM file of extra trusted CA certificates (--extra-ca-certs)
  PUBLIC_SCAN_TCF_VENDOR_LIST        an IAB Global Vendor List file, to name TC strings' vendors (--tcf-vendor-list)
  PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS  host-name patterns that may resolve to private addresses (--allow-private-targets)
  PUBLIC_SCAN_OBSERVE_MS             wait after load so delayed trackers are seen (--observe-ms)
  PUBLIC_SCAN_PHASES                 consent phases: full (default), quick (reject only), pre_consent_only (--phases)
  PUBLIC_SCAN_BROWSER_WS_ENDPOINT    use a running Chromium over CDP instead of launching one
  PUBLIC_SCAN_REMOTE_BROWSER=trusted that browser runs with the scanner's flags and sandbox (required with it)
  PUBLIC_SCAN_BROWSER_SANDBOX=off    run the launched browser without Chromium's sandbox (platforms without one)
  PUBLIC_SCAN_BROWSER_USER           uid:gid the browser runs as when the server is root (default 65534:65534)
  PUBLIC_SCAN_BROWSER_RECYCLE_SCANS  replace the launched browser after this many scans (default 100)
  PUBLIC_SCAN_BROWSER_RECYCLE_MB     ... or once its processes use more (PSS; default 1024 + 512 x (concurrency + 2))
  PUBLIC_SCAN_BROWSER_SITE_ISOLATION=on  each cross-site frame in a renderer of its own (default off: less memory)
Accounts:
  PUBLIC_SCAN_MAIL_FROM              sender of account emails (default public-scan <no-reply@HOST of --base-url>)
  PUBLIC_SCAN_SMTP_CA                PEM file of extra CA certificates for the SMTP relay
  PUBLIC_SCAN_SUPPORT_EMAIL          where scan:create is requested (default support@example.org)
  PUBLIC_SCAN_UPGRADE_MESSAGE        the upgrade message of quota answers (at most 300 characters)
  PUBLIC_SCAN_SCAN_REGIONS           region codes this deployment scans from, comma-separated (default self_hosted)
  PUBLIC_SCAN_DEFAULT_SCAN_REGION    the region of a scan that names none (default: the first region)
Monitors (docs/api.md "Monitors"):
  PUBLIC_SCAN_MONITORS_PER_KEY       monitors one key may have (default 20; 0 turns creation off)
  PUBLIC_SCAN_MONITOR_MIN_INTERVAL_SECONDS  the shortest time between a monitor's runs (default 3600)
  PUBLIC_SCAN_MONITOR_DISABLE_AFTER_FAILURES  failed deliveries in a row that disable a monitor (default 5)
  PUBLIC_SCAN_WEBHOOKS_ALLOW_HTTP=true  webhooks over plain http too (tests; default: https only)
Distributed mode:
  PUBLIC_SCAN_REDIS_PREFIX           prefix of every Redis key (default public-scan:); one per deployment
  PUBLIC_SCAN_JOB_LOCK_MS            a running job's lock, renewed at half of it; a dead worker's scan is
                                     run again by another worker about this long after (default 30000)
  PUBLIC_SCAN_PROBE_PORT             a worker's port for /livez and /readyz (default: none; API processes
                                     answer both on their own port)
  PUBLIC_SCAN_QUEUE_SATURATED_AT     waiting jobs at which an API process is not ready (default 1000)
Data lifecycle (docs/operations.md):
  PUBLIC_SCAN_SCAN_RETENTION_DAYS    days a scan stays readable after it ended, or off (default 30)
  PUBLIC_SCAN_AUDIT_RETENTION_DAYS   days an audit event is kept, or off (default 400)
  PUBLIC_SCAN_PURGE_INTERVAL_MINUTES how often an API process purges older data; 0: never (default 60)
Other:
  PUBLIC_SCAN_HSTS                   Strict-Transport-Security over https (also behind a trusted proxy that
                                     says X-Forwarded-Proto: https): max-age=N[; includeSubDomains][; preload],
                                     or off to leave it to the proxy (default max-age=31536000)
  PUBLIC_SCAN_SHUTDOWN_GRACE_MS      on SIGINT/SIGTERM, time running scans get to finish (default 15000)
  PUBLIC_SCAN_IDENTIFIER_SECRET      secret for hashing client addresses in rate-limit counters and
                                     sealing queued scans' query strings`;

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

function integer(input: { name: string; value: string | undefined; fallback: number; min: number; max: number }): number {
  if (input.value === undefined || input.value === "") return input.fallback;
  const parsed = Number(input.value);
  if (!Number.isInteger(parsed) || parsed < input.min || parsed > input.max) {
    throw new Error(`${input.name} must be an integer from ${input.min} to ${input.max}`);
  }
  return parsed;
}

/** An optional integer setting: null when unset, else checked like `integer`. */
/** An `on`/`off` switch that is off when unset. */
function onOff(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "off") return false;
  if (value === "on") return true;
  throw new Error(`${name} must be on or off`);
}

function optionalInteger(input: { name: string; value: string | undefined; min: number; max: number }): number | null {
  return input.value === undefined || input.value === "" ? null : integer({ ...input, fallback: 0 });
}

/** Reads the server's settings from flags, then the environment, then defaults; throws a clear Error on bad input. */
export function parseServeConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  machine: MachineFacts = machineFacts(),
): ServeConfig {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      host: { type: "string" },
      port: { type: "string" },
      "data-dir": { type: "string" },
      "base-url": { type: "string" },
      "trusted-proxies": { type: "string" },
      concurrency: { type: "string" },
      "recent-scans": { type: "string" },
      resolve: { type: "string", multiple: true },
      "allow-private-targets": { type: "string" },
      "extra-ca-certs": { type: "string" },
      "tcf-vendor-list": { type: "string" },
      "observe-ms": { type: "string" },
      phases: { type: "string" },
      demo: { type: "boolean" },
      "no-accounts": { type: "boolean" },
      "smtp-url": { type: "string" },
      "redis-url": { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument ${positionals[0]}`);
  const baseUrl = values["base-url"] ?? env.PUBLIC_SCAN_BASE_URL ?? null;
  if (baseUrl !== null && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(baseUrl))
    throw new Error("--base-url must be an http(s) URL without query");
  const smtpUrl = values["smtp-url"] ?? env.PUBLIC_SCAN_SMTP_URL ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/?#]+/.test(smtpUrl)) throw new Error("--smtp-url must be an smtp:// or smtps:// URL");
  const observe = values["observe-ms"] ?? env.PUBLIC_SCAN_OBSERVE_MS;
  const distributed = parseDistributed({
    redisUrl: values["redis-url"] ?? env.PUBLIC_SCAN_REDIS_URL,
    role: values.role ?? env.PUBLIC_SCAN_ROLE,
    env,
  });
  return {
    ...distributed,
    host: values.host ?? env.PUBLIC_SCAN_HOST ?? "127.0.0.1",
    port: integer({ name: "--port", value: values.port ?? env.PUBLIC_SCAN_PORT, fallback: 8787, min: 0, max: 65_535 }),
    dataDir: values["data-dir"] ?? env.PUBLIC_SCAN_DATA_DIR ?? ".data",
    baseUrl,
    trustedProxies: list(values["trusted-proxies"] ?? env.PUBLIC_SCAN_TRUSTED_PROXIES),
    hsts: parseHstsSetting(env.PUBLIC_SCAN_HSTS),
    resolve: values.resolve ?? list(env.PUBLIC_SCAN_RESOLVE),
    allowPrivateTargets: list(values["allow-private-targets"] ?? env.PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS),
    extraCaCertsFile: values["extra-ca-certs"] ?? env.PUBLIC_SCAN_EXTRA_CA_CERTS ?? null,
    tcfVendorListFile: values["tcf-vendor-list"] ?? env.PUBLIC_SCAN_TCF_VENDOR_LIST ?? null,
    concurrency: integer({
      name: "--concurrency",
      value: values.concurrency ?? env.PUBLIC_SCAN_CONCURRENCY,
      fallback: defaultConcurrency(machine),
      min: 1,
      max: 32,
    }),
    recentScans: integer({
      name: "--recent-scans",
      value: values["recent-scans"] ?? env.PUBLIC_SCAN_RECENT_SCANS,
      fallback: 10,
      min: 0,
      max: 50,
    }),
    shutdownGraceMs: integer({
      name: "PUBLIC_SCAN_SHUTDOWN_GRACE_MS",
      value: env.PUBLIC_SCAN_SHUTDOWN_GRACE_MS,
      fallback: 15_000,
      min: 0,
      max: 600_000,
    }),
    identifierSecret: env.PUBLIC_SCAN_IDENTIFIER_SECRET ?? null,
    observeMs: observe === undefined ? null : integer({ name: "--observe-ms", value: observe, fallback: 4000, min: 0, max: 60_000 }),
    phases: parsePhasePreset(values.phases ?? env.PUBLIC_SCAN_PHASES),
    browserWSEndpoint: env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT ?? null,
    remoteBrowserTrusted: env.PUBLIC_SCAN_REMOTE_BROWSER === "trusted",
    demo: values.demo ?? false,
    accounts: !(values["no-accounts"] ?? false) && env.PUBLIC_SCAN_ACCOUNTS !== "off",
    smtpUrl,
    mailFrom: env.PUBLIC_SCAN_MAIL_FROM ?? null,
    smtpCaFile: env.PUBLIC_SCAN_SMTP_CA ?? null,
    service: serviceSettingsFromEnv(env),
    monitors: monitorSettingsFromEnv(env),
    jobLockMs: integer({ name: "PUBLIC_SCAN_JOB_LOCK_MS", value: env.PUBLIC_SCAN_JOB_LOCK_MS, fallback: 30_000, min: 1000, max: 600_000 }),
    browserRecycle: {
      afterScans: optionalInteger({
        name: "PUBLIC_SCAN_BROWSER_RECYCLE_SCANS",
        value: env.PUBLIC_SCAN_BROWSER_RECYCLE_SCANS,
        min: 1,
        max: 1_000_000,
      }),
      aboveMb: optionalInteger({
        name: "PUBLIC_SCAN_BROWSER_RECYCLE_MB",
        value: env.PUBLIC_SCAN_BROWSER_RECYCLE_MB,
        min: 128,
        max: 1_000_000,
      }),
    },
    isolateSites: onOff("PUBLIC_SCAN_BROWSER_SITE_ISOLATION", env.PUBLIC_SCAN_BROWSER_SITE_ISOLATION),
    queueSaturatedAt: integer({
      name: "PUBLIC_SCAN_QUEUE_SATURATED_AT",
      value: env.PUBLIC_SCAN_QUEUE_SATURATED_AT,
      fallback: 1000,
      min: 1,
      max: 10_000_000,
    }),
    probePort:
      env.PUBLIC_SCAN_PROBE_PORT === undefined || env.PUBLIC_SCAN_PROBE_PORT === ""
        ? null
        : integer({ name: "PUBLIC_SCAN_PROBE_PORT", value: env.PUBLIC_SCAN_PROBE_PORT, fallback: 0, min: 0, max: 65_535 }),
    retention: parseRetentionConfig(env),
    help: values.help ?? false,
  };
}

function parseDistributed(input: {
  redisUrl: string | undefined;
  role: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}): Pick<ServeConfig, "redisUrl" | "redisPrefix" | "role"> {
  const redisUrl = parseRedisUrl(input.redisUrl);
  const role = input.role ?? "all";
  if (role !== "api" && role !== "worker" && role !== "all") throw new Error("--role must be api, worker or all");
  // Without Redis, jobs live in one process's memory: an API process could hand them to no worker.
  if (role !== "all" && redisUrl === null) throw new Error(`--role ${role} needs --redis-url (processes share jobs through Redis)`);
  return { redisUrl, role, redisPrefix: parseRedisPrefix(input.env.PUBLIC_SCAN_REDIS_PREFIX) };
}

/** PUBLIC_SCAN_REDIS_PREFIX, checked and ending with ':' (default `public-scan:`). */
export function parseRedisPrefix(value: string | undefined): string {
  const prefix = value ?? "public-scan:";
  // Hash tags ({…}) are allowed, so a Redis Cluster keeps one deployment's keys in one slot.
  if (!/^[\w.{}:-]{1,128}$/.test(prefix))
    throw new Error("PUBLIC_SCAN_REDIS_PREFIX may hold letters, digits and _ . { } : - (at most 128)");
  return prefix.endsWith(":") ? prefix : `${prefix}:`;
}

/** --redis-url or PUBLIC_SCAN_REDIS_URL, checked; null when neither is set. */
export function parseRedisUrl(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (!/^rediss?:\/\/\S*$/.test(value)) throw new Error("--redis-url must be a redis:// or rediss:// URL");
  return value;
}
