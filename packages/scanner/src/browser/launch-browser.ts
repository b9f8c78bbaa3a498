import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { SCAN_FLAGS, withoutForbiddenFlags } from "./chromium-flags.js";
import type { BrowserSource } from "./resolve-executable.js";
import { sleep } from "../timing/sleep.js";

export interface LaunchBrowserOptions {
  source: BrowserSource;
  /** Locale for `--lang` and Accept-Language, e.g. `en-US`. */
  locale: string;
  /** SPKI hashes of extra trusted CA keys (see `toSpkiHashes`). */
  spkiHashes?: readonly string[];
  /** Extra flags from the operator; forbidden flags are dropped. */
  extraArgs?: readonly string[];
}

export interface LaunchedBrowser {
  browser: Browser;
  /** Closes the browser (or disconnects from a remote one) and removes the temporary profile. */
  close(): Promise<void>;
}

/**
 * Starts one browser process with a fresh temporary profile, or connects to a remote CDP endpoint. The
 * profile directory is removed on close, also after a crash. A browser that dies while starting (seen
 * rarely on busy machines, with no output) is started once more with a new profile before giving up.
 */
export async function launchBrowser(options: LaunchBrowserOptions): Promise<LaunchedBrowser> {
  try {
    return await launchOnce(options);
  } catch {
    await sleep(500);
    return launchOnce(options);
  }
}

async function launchOnce(options: LaunchBrowserOptions): Promise<LaunchedBrowser> {
  const { default: puppeteer } = await import("puppeteer-core");
  const { source } = options;
  if (source.kind === "remote") {
    const browser = await puppeteer.connect({ browserWSEndpoint: source.browserWSEndpoint, defaultViewport: null });
    return { browser, close: () => browser.disconnect() };
  }

  const userDataDir = await mkdtemp(join(tmpdir(), "public-scan-profile-"));
  const args = withoutForbiddenFlags([
    ...(source.kind === "serverless" ? serverlessArgs(source.args) : []),
    ...SCAN_FLAGS,
    `--lang=${options.locale}`,
    ...(options.spkiHashes && options.spkiHashes.length > 0
      ? [`--ignore-certificate-errors-spki-list=${options.spkiHashes.join(",")}`]
      : []),
    // Chromium refuses to start as root with its sandbox on; containers and CI often run as root.
    ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
    ...(options.extraArgs ?? []),
  ]);
  try {
    const browser = await puppeteer.launch({
      executablePath: source.path,
      headless: source.kind === "serverless" ? "shell" : true,
      userDataDir,
      args: [...new Set(args)],
      defaultViewport: null,
      // puppeteer's own defaults include --enable-automation, which shows the automation infobar and tells.
      ignoreDefaultArgs: ["--enable-automation"],
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: 60_000,
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await browser.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    };
    browser.once("disconnected", () => void rm(userDataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined));
    return { browser, close };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Flags of @sparticuz/chromium that only make sense inside Lambda's memory and process limits. */
const LAMBDA_ONLY_FLAGS = ["--single-process", "--no-zygote", "--disable-site-isolation-trials"];

/**
 * @sparticuz/chromium's flags are tuned for Lambda. Off Lambda, single-process mode would let one crashing
 * page take the whole browser down, and disabled site isolation would hide out-of-process iframes that a
 * visitor's Chrome has, so those are dropped there.
 */
function serverlessArgs(args: readonly string[]): string[] {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined) return args.filter((arg) => !arg.startsWith("--headless"));
  return args
    .filter((arg) => !arg.startsWith("--headless") && !LAMBDA_ONLY_FLAGS.includes(arg))
    .map((arg) => (arg.startsWith("--disable-features=") ? withoutFeatures(arg, ["IsolateOrigins", "site-per-process"]) : arg))
    .filter((arg) => arg !== "--disable-features=");
}

function withoutFeatures(flag: string, features: readonly string[]): string {
  const kept = flag
    .slice("--disable-features=".length)
    .split(",")
    .filter((feature) => !features.includes(feature));
  return `--disable-features=${kept.join(",")}`;
}
