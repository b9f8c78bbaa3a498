/**
 * How the scanning browser is confined. Chromium's sandbox (user namespaces + seccomp-bpf) keeps a
 * renderer exploit inside the renderer: without it a hostile page that breaks the renderer owns the host,
 * can go around the egress proxy and read the service's data files.
 *
 * - `native`: the service does not run as root, so Chromium starts its own sandbox.
 * - `unprivileged_user`: the service runs as root, where Chromium refuses to sandbox itself; the browser is
 *   started as an unprivileged user instead (default `nobody`, 65534:65534) and sandboxes itself there.
 * - `none`: `--no-sandbox`, only where the platform has no sandbox (AWS Lambda has no user namespaces) or
 *   where the operator explicitly turned it off.
 */
export type SandboxPolicy =
  { kind: "native" } | { kind: "unprivileged_user"; uid: number; gid: number } | { kind: "none"; reason: "lambda" | "operator_opt_out" };

export interface ChooseSandboxOptions {
  /** `off` runs without the sandbox (logged at start); default `auto`. Env: PUBLIC_SCAN_BROWSER_SANDBOX. */
  sandbox?: "auto" | "off";
  /** The user a root service starts the browser as; default 65534:65534. Env: PUBLIC_SCAN_BROWSER_USER=uid:gid. */
  browserUser?: { uid: number; gid: number };
  env?: Record<string, string | undefined>;
  /** The service's own uid (`process.getuid()`); undefined off POSIX. */
  uid?: number;
}

export const NOBODY = { uid: 65534, gid: 65534 } as const;

export function chooseSandbox(options: ChooseSandboxOptions = {}): SandboxPolicy {
  const env = options.env ?? process.env;
  const setting = options.sandbox ?? parseSetting(env.PUBLIC_SCAN_BROWSER_SANDBOX);
  if (setting === "off") return { kind: "none", reason: "operator_opt_out" };
  if (env.AWS_LAMBDA_FUNCTION_NAME !== undefined) return { kind: "none", reason: "lambda" };
  if (options.uid !== 0) return { kind: "native" };
  const user = options.browserUser ?? parseUser(env.PUBLIC_SCAN_BROWSER_USER) ?? NOBODY;
  if (user.uid === 0) throw new Error("The browser user must not be root (uid 0): its sandbox needs an unprivileged user.");
  return { kind: "unprivileged_user", uid: user.uid, gid: user.gid };
}

/** One line for the start-up log, so an operator sees how the browser is confined. */
export function describeSandbox(policy: SandboxPolicy): string {
  switch (policy.kind) {
    case "native":
      return "browser sandbox: on";
    case "unprivileged_user":
      return `browser sandbox: on (the browser runs as uid ${policy.uid}, gid ${policy.gid}, since this process is root)`;
    case "none":
      return policy.reason === "lambda"
        ? "browser sandbox: off (AWS Lambda offers no user namespaces; the function's own isolation applies)"
        : "browser sandbox: OFF by the operator's setting: a renderer exploit would run with this process's rights";
  }
}

function parseSetting(value: string | undefined): "auto" | "off" {
  if (value === undefined || value === "" || value === "auto" || value === "on") return "auto";
  if (value === "off") return "off";
  throw new Error(`PUBLIC_SCAN_BROWSER_SANDBOX must be auto or off, not ${JSON.stringify(value.slice(0, 20))}.`);
}

function parseUser(value: string | undefined): { uid: number; gid: number } | undefined {
  if (value === undefined || value === "") return undefined;
  const match = /^(\d{1,10}):(\d{1,10})$/.exec(value);
  if (!match) throw new Error("PUBLIC_SCAN_BROWSER_USER must be uid:gid, for example 65534:65534.");
  return { uid: Number(match[1]), gid: Number(match[2]) };
}
