import type { ChildProcess } from "node:child_process";
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser, BrowserContext, Connection } from "puppeteer-core";
import { contextOfSession } from "./context-of-session.js";
import type { OversizedMessage } from "./create-pipe-transport.js";
import { chooseSandbox, type SandboxPolicy } from "./choose-sandbox.js";
import { DROPPED_PUPPETEER_DEFAULTS, SCAN_FLAGS, siteIsolationFlags, withoutForbiddenFlags } from "./chromium-flags.js";
import type { BrowserSource } from "./resolve-executable.js";
import { spawnBrowserAs } from "./spawn-browser-as.js";
import { writeNssTrustStore } from "./trust/write-nss-trust-store.js";
import { sleep } from "../timing/sleep.js";

export interface LaunchBrowserOptions {
  source: BrowserSource;
  /** Locale for `--lang` and Accept-Language, e.g. `en-US`. */
  locale: string;
  /**
   * PEM of extra CAs the browser trusts for TLS servers, besides its own root store: a staging server
   * behind a private root (see `writeNssTrustStore`). A remote browser's trust is its operator's.
   */
  extraCaCerts?: string;
  /** Extra flags from the operator; forbidden flags are dropped. */
  extraArgs?: readonly string[];
  /** Each cross-site frame in a renderer of its own, as in desktop Chrome (`siteIsolationFlags`); default false. */
  isolateSites?: boolean;
  /** How the browser is confined; default: `chooseSandbox()` for this process. */
  sandbox?: SandboxPolicy;
  /**
   * Also listen on a local DevTools port, for a browser that other processes connect to (a test suite's
   * shared browser). Off for scanning: any local process could drive a browser with a port. The pipe
   * stays this process's channel either way, so the browser still ends with it.
   */
  devToolsPort?: boolean;
  /**
   * Told about each message from the browser over the DevTools byte cap (dropped unread), with the browser
   * context it came from when that is known. Not for a remote browser, whose WebSocket closes instead.
   */
  onOversizedMessage?: (event: { message: OversizedMessage; context: BrowserContext | null }) => void;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** How this browser is confined; a remote browser's confinement is its operator's (docs/scanner.md). */
  sandbox: SandboxPolicy | { kind: "remote" };
  /** The browser process and its temporary profile; null for a remote browser. */
  pid: number | null;
  profileDir: string | null;
  /** The DevTools WebSocket of a browser launched with `devToolsPort`, else null. */
  devToolsEndpoint: string | null;
  /** Closes the browser (or disconnects from a remote one) and removes the temporary profile. */
  close(): Promise<void>;
  /** Messages from this browser dropped for their size so far (`MAX_BROWSER_MESSAGE_BYTES`). */
  oversizedMessages(): number;
}

/**
 * Pauses before the second and third start of a browser that died while starting. Seen rarely on busy
 * machines, twice in a row within a second, with no output: a pause that grows gives the machine time.
 */
const RELAUNCH_PAUSES_MS = [500, 2000];

/**
 * Starts one browser process with a fresh temporary profile, or connects to a remote CDP endpoint. The
 * profile directory is removed on close, also after a crash. A browser that dies while starting is started
 * again with a new profile (`RELAUNCH_PAUSES_MS`) before the last error is thrown.
 */
export async function launchBrowser(options: LaunchBrowserOptions): Promise<LaunchedBrowser> {
  for (const pause of RELAUNCH_PAUSES_MS) {
    try {
      return await launchOnce(options);
    } catch {
      await sleep(pause);
    }
  }
  return launchOnce(options);
}

async function launchOnce(options: LaunchBrowserOptions): Promise<LaunchedBrowser> {
  const { default: puppeteer } = await import("puppeteer-core");
  const { source } = options;
  if (source.kind === "remote") {
    const browser = await puppeteer.connect({ browserWSEndpoint: source.browserWSEndpoint, defaultViewport: null });
    const close = () => browser.disconnect();
    return {
      browser,
      sandbox: { kind: "remote" },
      pid: null,
      profileDir: null,
      devToolsEndpoint: source.browserWSEndpoint,
      close,
      oversizedMessages: () => 0,
    };
  }

  const sandbox = options.sandbox ?? chooseSandbox({ uid: process.getuid?.() });
  const userDataDir = await mkdtemp(join(tmpdir(), "public-scan-profile-"));
  const removeProfile = () => rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  const headless = source.kind === "serverless" ? "shell" : true;
  const args = withoutForbiddenFlags([
    ...(source.kind === "serverless" ? serverlessArgs(source.args, options.isolateSites === true) : []),
    ...SCAN_FLAGS,
    ...siteIsolationFlags(options.isolateSites === true),
    `--lang=${options.locale}`,
    ...(sandbox.kind === "none" ? ["--no-sandbox"] : []),
    ...(options.extraArgs ?? []),
  ])
    .filter((arg) => sandbox.kind === "none" || arg !== "--no-sandbox")
    // The DevTools pipe is how this process drives the browser; the browser ends when the pipe closes.
    .concat("--remote-debugging-pipe", options.devToolsPort === true ? ["--remote-debugging-port=0"] : []);
  try {
    // The profile is also the browser's HOME, so the only NSS database it reads is the one written here.
    const trustStore =
      options.extraCaCerts === undefined ? null : await writeNssTrustStore({ home: userDataDir, pemBundle: options.extraCaCerts });
    if (trustStore !== null && sandbox.kind === "unprivileged_user") await chownTree(userDataDir, trustStore, sandbox);
    // Set once connected: an oversized message names a session, and the connection maps it to its context.
    let connection: Connection | null = null;
    let oversized = 0;
    const onOversizedMessage = (message: OversizedMessage) => {
      oversized += 1;
      const context = connection === null || message.sessionId === null ? null : contextOfSession(connection, message.sessionId);
      options.onOversizedMessage?.({ message, context });
    };
    const started = await startBrowser({
      source,
      args,
      userDataDir,
      headless,
      user: sandbox.kind === "unprivileged_user" ? sandbox : undefined,
      onOversizedMessage,
    });
    // A session on the browser target is the public way to the browser's connection.
    connection = (await started.browser.target().createCDPSession()).connection() ?? null;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await started.browser.close().catch(() => undefined);
      await exited(started.child, 5000);
      await removeProfile();
    };
    started.browser.once("disconnected", () => void removeProfile().catch(() => undefined));
    const devToolsEndpoint = options.devToolsPort === true ? await readDevToolsEndpoint(userDataDir) : null;
    return {
      browser: started.browser,
      sandbox,
      pid: started.child.pid ?? null,
      profileDir: userDataDir,
      devToolsEndpoint,
      close,
      oversizedMessages: () => oversized,
    };
  } catch (error) {
    await removeProfile();
    throw error;
  }
}

interface StartInput {
  source: Extract<BrowserSource, { path: string }>;
  args: string[];
  userDataDir: string;
  headless: true | "shell";
  /** The unprivileged user a root service starts the browser as; undefined: this process's user. */
  user: { uid: number; gid: number } | undefined;
  onOversizedMessage: (message: OversizedMessage) => void;
}

/**
 * Starts the browser with the flags puppeteer's `launch` would give it, over the scanner's own DevTools pipe
 * (`spawnBrowserAs`, whose transport caps every message). A root service starts it as an unprivileged user,
 * so that Chromium's sandbox is on: the profile belongs to that user, and @sparticuz/chromium's binary, which
 * this process unpacked for itself (mode 0700), is made executable for it.
 */
async function startBrowser(input: StartInput): Promise<{ browser: Browser; child: ChildProcess }> {
  const { default: puppeteer } = await import("puppeteer-core");
  if (input.user !== undefined) {
    await chown(input.userDataDir, input.user.uid, input.user.gid);
    if (input.source.kind === "serverless" && ((await stat(input.source.path)).mode & 0o005) !== 0o005) {
      await chmod(input.source.path, 0o755);
    }
  }
  const defaults = await puppeteer.defaultArgs({
    headless: input.headless,
    userDataDir: input.userDataDir,
    args: [...new Set(input.args)],
  });
  const args = defaults.filter((arg) => !(DROPPED_PUPPETEER_DEFAULTS as readonly string[]).includes(arg));
  return spawnBrowserAs({
    executablePath: input.source.path,
    args,
    ...(input.user === undefined ? {} : { user: { uid: input.user.uid, gid: input.user.gid } }),
    userDataDir: input.userDataDir,
    onOversizedMessage: input.onOversizedMessage,
  });
}

/** Gives the folders from `root` down to `path`, and the files in `path`, to the browser's user. */
async function chownTree(root: string, path: string, owner: { uid: number; gid: number }): Promise<void> {
  for (let folder = path; folder.startsWith(root) && folder !== root; folder = dirname(folder)) {
    await chown(folder, owner.uid, owner.gid);
  }
  for (const file of await readdir(path)) await chown(join(path, file), owner.uid, owner.gid);
}

/** The WebSocket endpoint Chromium wrote to the profile's DevToolsActivePort file (port, then path). */
async function readDevToolsEndpoint(userDataDir: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [port, path] = (await readFile(join(userDataDir, "DevToolsActivePort"), "utf8").catch(() => "")).split("\n");
    if (port && path) return `ws://127.0.0.1:${port.trim()}${path.trim()}`;
    if (Date.now() > until) throw new Error("the browser did not report its DevTools port");
    await sleep(50);
  }
}

/** Waits for the browser process to end after Browser.close, and kills it if it does not. */
async function exited(child: ChildProcess | null, timeoutMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await Promise.race([gone, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Flags of @sparticuz/chromium that only make sense inside Lambda's memory and process limits. */
const LAMBDA_ONLY_FLAGS = ["--single-process", "--no-zygote"];

/**
 * @sparticuz/chromium's flags are tuned for Lambda. Off Lambda, single-process mode would let one crashing
 * page take the whole browser down, so it is dropped there. Its flags that turn site isolation off stay
 * unless the scanner isolates sites, which they would contradict.
 */
function serverlessArgs(args: readonly string[], isolateSites: boolean): string[] {
  const onLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
  return args
    .filter((arg) => !arg.startsWith("--headless") && (onLambda || !LAMBDA_ONLY_FLAGS.includes(arg)))
    .filter((arg) => !isolateSites || arg !== "--disable-site-isolation-trials")
    .map((arg) =>
      isolateSites && arg.startsWith("--disable-features=") ? withoutFeatures(arg, ["IsolateOrigins", "site-per-process"]) : arg,
    )
    .filter((arg) => arg !== "--disable-features=");
}

function withoutFeatures(flag: string, features: readonly string[]): string {
  const kept = flag
    .slice("--disable-features=".length)
    .split(",")
    .filter((feature) => !features.includes(feature));
  return `--disable-features=${kept.join(",")}`;
}
