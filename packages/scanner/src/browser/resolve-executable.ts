import { access, constants } from "node:fs/promises";

export type BrowserSource =
  | { kind: "executable"; path: string; origin: "option" | "environment" | "system" }
  | { kind: "serverless"; path: string; args: string[] }
  | { kind: "remote"; browserWSEndpoint: string };

export interface ResolveExecutableOptions {
  executablePath?: string;
  browserWSEndpoint?: string;
  env?: Record<string, string | undefined>;
}

/** Where system Chrome or Chromium usually lives on Linux, in order of preference. */
export const SYSTEM_BROWSER_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/opt/google/chrome/chrome",
] as const;

/**
 * Chooses the browser (docs/scanner.md "Browser"): a remote CDP endpoint if given; else an explicit path
 * (option, then PUBLIC_SCAN_CHROME_PATH); else a system Chrome or Chromium; else the Chromium that
 * @sparticuz/chromium ships inside its npm package (Linux x64; nothing is downloaded).
 */
export async function resolveExecutable(options: ResolveExecutableOptions = {}): Promise<BrowserSource> {
  const env = options.env ?? process.env;
  const remote = options.browserWSEndpoint ?? env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
  if (remote) return { kind: "remote", browserWSEndpoint: remote };
  if (options.executablePath) return { kind: "executable", path: options.executablePath, origin: "option" };
  if (env.PUBLIC_SCAN_CHROME_PATH) return { kind: "executable", path: env.PUBLIC_SCAN_CHROME_PATH, origin: "environment" };
  for (const path of SYSTEM_BROWSER_PATHS) {
    if (await isExecutable(path)) return { kind: "executable", path, origin: "system" };
  }
  if (process.platform === "linux" && process.arch === "x64") {
    // Imported lazily: it is large, and only needed when no other browser is found.
    const { default: chromium } = await import("@sparticuz/chromium");
    return { kind: "serverless", path: await chromium.executablePath(), args: chromium.args };
  }
  throw new Error("No Chrome or Chromium found: set PUBLIC_SCAN_CHROME_PATH, install Chromium, or give a browserWSEndpoint.");
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
