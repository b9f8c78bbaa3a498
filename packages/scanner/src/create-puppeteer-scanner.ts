import { pathToFileURL } from "node:url";
import { readFile } from "node:fs/promises";
import { ScanUrlSchema, ServiceError, type Scanner, type ScanInput, type ScanObservations, type TargetPolicy } from "@public-scan/core";
import { createBrowserPool, type BrowserPool } from "./browser/browser-pool.js";
import { measureProcessTree } from "./browser/measure-process-tree.js";
import { chooseSandbox, describeSandbox, type SandboxPolicy } from "./browser/choose-sandbox.js";
import { launchBrowser } from "./browser/launch-browser.js";
import { resolveExecutable } from "./browser/resolve-executable.js";
import { createClassifier, type Classifier } from "./classify/index.js";
import { createEgressGuard, parseResolveRules, toTargetPolicy } from "./network/index.js";
import { resolveScanPhases, type ScanPhasesOption } from "./phases/scan-phases.js";
import { disruptedObservations } from "./scan/disrupted-observations.js";
import { runScan } from "./scan/run-scan.js";
import { createScanDisruption, disruptScanOf } from "./visit/scan-disruption.js";
import { SCANNER_VERSION } from "./scanner-version.js";

export interface PuppeteerScannerOptions {
  /** Chrome or Chromium to launch; default: PUBLIC_SCAN_CHROME_PATH, a system browser, or @sparticuz/chromium. */
  executablePath?: string;
  /**
   * Connect to a running browser instead of launching one. Its launch flags (the WebRTC policy that keeps
   * all traffic on the egress proxy, no forbidden flag, its sandbox) cannot be checked or set over CDP, so
   * the scanner refuses it unless `remoteBrowserTrusted` vouches for them (see docs/scanner.md).
   */
  browserWSEndpoint?: string;
  /**
   * The operator confirms the remote browser runs with SCAN_FLAGS, none of FORBIDDEN_FLAGS, and its
   * sandbox. Env: PUBLIC_SCAN_REMOTE_BROWSER=trusted.
   */
  remoteBrowserTrusted?: boolean;
  /**
   * Pages open at once in the one browser (default 3). Each scan holds one for its own visit and borrows
   * free ones for its accept and GPC visits (never one a waiting scan could have), so a lone full scan
   * runs them side by side and a busy scanner runs them one after the other, as `concurrency` scans.
   */
  concurrency?: number;
  /** Resolver overrides `PATTERN=ADDRESS[:PORT]`, for Chromium and every Node-side probe. */
  resolve?: readonly string[];
  /** Host-name patterns that may resolve to private addresses (default: none). */
  allowPrivateTargets?: readonly string[];
  /** Extra trusted CA certificates, PEM text (several may be concatenated). */
  extraCaCerts?: string;
  /** Path of a PEM file with extra trusted CA certificates (read once). */
  extraCaCertsFile?: string;
  /**
   * Path of an IAB Global Vendor List (`vendor-list.json`) the operator downloaded under IAB Europe's terms:
   * decoded TC strings then name their vendors (none is shipped). Read once; a file that is not a vendor list
   * fails the first scan. Env: PUBLIC_SCAN_TCF_VENDOR_LIST.
   */
  tcfVendorListFile?: string;
  locale?: string;
  viewport?: { width: number; height: number };
  /** User agent to present; default: the browser's own, without "Headless". */
  userAgent?: string;
  /** Wait after load so delayed trackers are seen (default 4000 ms). */
  observeMs?: number;
  navigationTimeoutMs?: number;
  /** Hard limit for one scan, browser wait included (default 90 s). */
  scanDeadlineMs?: number;
  /** Extra Chromium flags from the operator (forbidden flags are dropped). */
  extraBrowserArgs?: readonly string[];
  /**
   * Run each cross-site frame in a renderer of its own, as desktop Chrome does (default false: a scan's frames
   * share its context's renderer, which takes far less memory on pages full of ad frames and observes the
   * same; docs/scanner.md "Browser"). Env: PUBLIC_SCAN_BROWSER_SITE_ISOLATION=on.
   */
  isolateSites?: boolean;
  /**
   * Chromium's sandbox: `auto` (default) keeps it on, starting the browser as `browserUser` when this process
   * is root; `off` runs without it (only for platforms with no sandbox; logged). Env: PUBLIC_SCAN_BROWSER_SANDBOX.
   */
  sandbox?: "auto" | "off";
  /** The unprivileged user a root process starts the browser as (default 65534:65534). Env: PUBLIC_SCAN_BROWSER_USER. */
  browserUser?: { uid: number; gid: number };
  /**
   * Phases after the pre-consent snapshot: `pre_consent_only` (default), `quick` (+ reject, in the same
   * visit), `full` (+ reject, accept, GPC and each choice's next page), or `{ reject, accept, gpc, nextPage }` one by one.
   */
  phases?: ScanPhasesOption;
  /** Observe window of each later phase (default: `observeMs`). */
  phaseObserveMs?: { reject?: number; accept?: number; gpc?: number };
  /**
   * A launched browser is replaced (once its running scans end) after this many scans (default 100) or once
   * its process tree's PSS passes `recycleAboveMb` (default 1024 + 512 per page slot), so what a
   * long-lived browser accumulates cannot grow without bound. A remote browser is not measured.
   */
  recycleAfterScans?: number;
  recycleAboveMb?: number;
}

export const SCANNER_DEFAULTS = {
  concurrency: 3,
  locale: "en-US",
  viewport: { width: 1366, height: 768 },
  observeMs: 4000,
  navigationTimeoutMs: 30_000,
  scanDeadlineMs: 90_000,
  recycleAfterScans: 100,
} as const;

/** The scanner, and its browser pool's counts for a host's metrics. */
export interface PuppeteerScanner extends Scanner {
  /**
   * Scans running and waiting for a slot in the browser pool now, the page slots in use (each scan's own and
   * those its phases borrowed), and how many times the browser was launched (more than once: it was
   * relaunched after a crash). All zero before the first scan.
   */
  stats(): ReturnType<BrowserPool["stats"]>;
  /**
   * The target policy of this scanner's own egress rules (`resolve`, `allowPrivateTargets`): give it to the
   * service (`targets`), so what the API refuses up front and what the scanner refuses are configured once.
   */
  readonly targets: TargetPolicy;
}

/**
 * The Scanner port on puppeteer-core: one shared browser process, a fresh context per scan, a concurrency
 * limit, relaunch after a crash and a deadline per scan. Heavy parts (the browser, the classification data)
 * are loaded on first use, so creating a scanner is cheap.
 */
export function createPuppeteerScanner(options: PuppeteerScannerOptions = {}): PuppeteerScanner {
  assertRemoteBrowserTrusted(options);
  const guard = createEgressGuard({
    resolve: parseResolveRules([...(options.resolve ?? [])]),
    allowPrivateTargets: [...(options.allowPrivateTargets ?? [])],
  });
  let classifier: Promise<Classifier> | null = null;
  let pool: Promise<BrowserPool> | null = null;
  let closed = false;
  // Read once, for Chromium (as SPKI hashes) and for the Node-side transport probe (as trust anchors).
  let extraCaPem: Promise<string | undefined> | null = null;
  const getExtraCaPem = () => (extraCaPem ??= readExtraCaPem(options));
  // The pool once it is open, for stats(), which must answer at once (after close: its last counts).
  let opened: BrowserPool | null = null;
  const getPool = () =>
    (pool ??= getExtraCaPem()
      .then((pem) => openBrowserPool(options, pem))
      .then((made) => (opened = made)));

  return {
    targets: toTargetPolicy(guard),
    async scan(input: ScanInput): Promise<ScanObservations> {
      const checked = ScanUrlSchema.safeParse(input.url);
      if (!checked.success) throw new ServiceError("invalid_request", `url ${checked.error.issues[0]?.message ?? "is invalid"}`);
      const deadlineMs = options.scanDeadlineMs ?? SCANNER_DEFAULTS.scanDeadlineMs;
      const deadlineAt = Date.now() + deadlineMs;
      const deadline = AbortSignal.timeout(deadlineMs);
      const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
      const [ready, browserPool, caPem] = await Promise.all([
        (classifier ??= createClassifier(
          options.tcfVendorListFile === undefined ? {} : { tcfVendorListUrl: pathToFileURL(options.tcfVendorListFile) },
        )),
        getPool(),
        getExtraCaPem(),
      ]);
      const startedAt = new Date();
      // A page that crashes its tab or floods the scanner stops its own scan at once, as a no-go.
      const disruption = createScanDisruption(signal);
      // The browser's version, for a disrupted scan's observations: asked only then.
      let browserVersion = (): Promise<string | null> => Promise.resolve(null);
      const settings = toRunScanSettings(options, caPem);
      const observed = await browserPool
        .use(async (browser, spare) => {
          browserVersion = () => browser.version().catch(() => null);
          return disruption.run(() =>
            runScan({
              ...settings,
              browser,
              url: checked.data,
              guard,
              classifier: ready,
              deadlineAt,
              spare,
              signal: disruption.signal,
              onProgress: input.onProgress,
            }),
          );
        }, signal)
        .catch((error: unknown) => {
          if (disruption.cause() === null) throw error;
          return null;
        });
      const cause = disruption.cause();
      if (cause === null && observed !== null) return observed;
      return disruptedObservations({
        url: checked.data,
        cause: cause ?? "renderer_crashed",
        startedAt,
        scanner: settings.scanner,
        browserVersion: await browserVersion(),
        classifier: ready,
      });
    },
    async probe() {
      // A closed scanner stays closed: a probe must not open a new pool (and browser) behind close().
      if (closed) return "degraded";
      const current = await getPool().catch(() => null);
      return current === null ? "degraded" : current.probe();
    },
    stats: () => opened?.stats() ?? { running: 0, waiting: 0, pages: 0, launches: 0, recycles: 0 },
    async close() {
      closed = true;
      const current = pool;
      pool = null;
      if (current) await (await current.catch(() => null))?.close();
    },
  };
}

function readExtraCaPem(options: PuppeteerScannerOptions): Promise<string | undefined> {
  if (options.extraCaCerts !== undefined) return Promise.resolve(options.extraCaCerts);
  return options.extraCaCertsFile ? readFile(options.extraCaCertsFile, "utf8") : Promise.resolve(undefined);
}

/**
 * One line for a host's start-up log: how the scanning browser is confined. A remote browser is confined
 * (or not) by whoever runs it; this process cannot see its flags.
 */
export function describeScannerSandbox(options: Pick<PuppeteerScannerOptions, "sandbox" | "browserUser" | "browserWSEndpoint">): string {
  if (options.browserWSEndpoint ?? process.env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT) {
    return "browser sandbox: set by the operator of the remote browser (browserWSEndpoint); see docs/scanner.md";
  }
  return describeSandbox(toSandboxPolicy(options));
}

/**
 * A remote browser skips every protection the launcher applies with flags, and CDP can neither read nor set
 * them: WebRTC could send UDP around the egress proxy, and a forbidden flag would let pages read across
 * origins. So one is used only when its operator says it was started like the scanner starts its own.
 */
function assertRemoteBrowserTrusted(options: PuppeteerScannerOptions, env: Record<string, string | undefined> = process.env): void {
  const endpoint = options.browserWSEndpoint ?? env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
  if (endpoint === undefined || endpoint === "") return;
  if (options.remoteBrowserTrusted === true || env.PUBLIC_SCAN_REMOTE_BROWSER === "trusted") return;
  throw new Error(
    "A remote browser (browserWSEndpoint) is used only when its launch flags are vouched for: start it with the scanner's " +
      "SCAN_FLAGS, none of FORBIDDEN_FLAGS and its sandbox on, then set remoteBrowserTrusted (PUBLIC_SCAN_REMOTE_BROWSER=trusted).",
  );
}

function toSandboxPolicy(options: Pick<PuppeteerScannerOptions, "sandbox" | "browserUser">): SandboxPolicy {
  return chooseSandbox({
    uid: process.getuid?.(),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.browserUser === undefined ? {} : { browserUser: options.browserUser }),
  });
}

async function openBrowserPool(options: PuppeteerScannerOptions, extraCaPem: string | undefined): Promise<BrowserPool> {
  const sandbox = toSandboxPolicy(options);
  const source = await resolveExecutable({ executablePath: options.executablePath, browserWSEndpoint: options.browserWSEndpoint });
  const concurrency = options.concurrency ?? SCANNER_DEFAULTS.concurrency;
  return createBrowserPool({
    concurrency,
    recycleAfterTasks: options.recycleAfterScans ?? SCANNER_DEFAULTS.recycleAfterScans,
    recycleAboveBytes: (options.recycleAboveMb ?? 1024 + 512 * concurrency) * 1024 * 1024,
    memoryOf: (launched) => (launched.pid == null ? Promise.resolve(null) : measureProcessTree(launched.pid)),
    // A browser that had to drop a message may hold what the page piled up in it: replaced, not reused.
    isSpoiled: (launched) => (launched.oversizedMessages?.() ?? 0) > 0,
    launch: () =>
      launchBrowser({
        source,
        locale: options.locale ?? SCANNER_DEFAULTS.locale,
        ...(extraCaPem === undefined ? {} : { extraCaCerts: extraCaPem }),
        extraArgs: options.extraBrowserArgs,
        isolateSites: options.isolateSites === true,
        sandbox,
        // The page that sent it loses its scan; the browser is replaced once its running scans end.
        onOversizedMessage: ({ context }) => {
          if (context !== null) disruptScanOf(context, "oversized_message");
        },
      }),
  });
}

/** The scanner's options as every scan runs with them, defaults applied. */
function toRunScanSettings(options: PuppeteerScannerOptions, extraCaPem: string | undefined) {
  return {
    observeMs: options.observeMs ?? SCANNER_DEFAULTS.observeMs,
    navigationTimeoutMs: options.navigationTimeoutMs ?? SCANNER_DEFAULTS.navigationTimeoutMs,
    locale: options.locale ?? SCANNER_DEFAULTS.locale,
    viewport: options.viewport ?? SCANNER_DEFAULTS.viewport,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    scanner: { name: "public-scan", version: SCANNER_VERSION },
    ...(extraCaPem === undefined ? {} : { extraCaCerts: extraCaPem }),
    phases: resolveScanPhases(options.phases),
    ...(options.phaseObserveMs === undefined ? {} : { phaseObserveMs: options.phaseObserveMs }),
  };
}
