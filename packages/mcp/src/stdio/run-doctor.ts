import { createClient, NetworkError, ServiceApiError, TimeoutError } from "@public-scan/client";
import { toLocalScopes } from "./local-scopes.js";

export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** What to do about a failure. */
  fix?: string;
}

export interface DoctorInput {
  baseUrl: string;
  apiKey: string | undefined;
  /** Validate the key against the deployment (GET /api/v2/auth/check; creates nothing). */
  checkAuth: boolean;
  /** This package's version, and the Node version running it. */
  version: string;
  nodeVersion: string;
  fetch?: typeof fetch;
}

const MIN_NODE = [22, 19] as const;

const newer = (version: string) => {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
};

const reason = (error: unknown) =>
  error instanceof ServiceApiError
    ? `${error.status} ${error.code}: ${error.message}`
    : error instanceof NetworkError || error instanceof TimeoutError
      ? error.message
      : String(error);

/**
 * `public-scan-mcp doctor`: checks what the local server needs, in order, and says what to do about each
 * failure: the Node version, the deployment's health (and that it serves hosted MCP), the key's presence,
 * and with `checkAuth` the key itself and the tools its scopes open. Nothing is created.
 */
export async function runDoctor(input: DoctorInput): Promise<{ ok: boolean; checks: DoctorCheck[] }> {
  const checks: DoctorCheck[] = [];
  checks.push({
    name: "node",
    ok: newer(input.nodeVersion),
    detail: `Node ${input.nodeVersion.replace(/^v/, "")} (needs ${MIN_NODE.join(".")} or newer); @public-scan/mcp ${input.version}`,
    fix: "Install Node 22.19 or newer (24 LTS recommended).",
  });
  const client = createClient({
    baseUrl: input.baseUrl,
    timeoutMs: 10_000,
    userAgent: `public-scan-mcp/${input.version} doctor`,
    ...(input.apiKey === undefined ? {} : { apiKey: input.apiKey }),
    ...(input.fetch === undefined ? {} : { fetch: input.fetch }),
  });
  try {
    const health = await client.getHealth();
    checks.push({
      name: "api",
      ok: health.status === "ok" && health.surfaces.mcp,
      detail: `${input.baseUrl}: API ${health.apiVersion}, status ${health.status}, hosted MCP ${health.surfaces.mcp ? "on" : "off"}`,
      fix: health.surfaces.mcp
        ? "The deployment reports a problem; try again later or ask its operator."
        : "This deployment does not serve /mcp, which the local server calls.",
    });
  } catch (error) {
    checks.push({
      name: "api",
      ok: false,
      detail: `${input.baseUrl}: ${reason(error)}`,
      fix: "Check PUBLIC_SCAN_BASE_URL and that the deployment is reachable from here.",
    });
  }
  const keyPresent = input.apiKey !== undefined && input.apiKey.trim() !== "";
  checks.push({
    name: "key",
    ok: keyPresent && /^svc_/.test(input.apiKey!),
    detail: keyPresent ? `PUBLIC_SCAN_API_KEY is set (${input.apiKey!.slice(0, 10)}…)` : "PUBLIC_SCAN_API_KEY is not set",
    fix: keyPresent
      ? "An API key starts with svc_ (a read-only one with svc_ro_)."
      : `Request a read-only key at ${input.baseUrl}/account and set PUBLIC_SCAN_API_KEY.`,
  });
  if (input.checkAuth && keyPresent) {
    try {
      const auth = await client.checkIntegrationCredential();
      const local = toLocalScopes(auth.scopes);
      checks.push({
        name: "auth",
        ok: local.length > 0,
        detail: `the key works: scopes ${auth.scopes.join(", ")}; local tools ${local.length > 0 ? local.join(", ") : "none"}`,
        fix: "The key needs mcp and scan:read (pulse:read), or mcp and scan:create (pulse:scan).",
      });
    } catch (error) {
      checks.push({
        name: "auth",
        ok: false,
        detail: `the key was refused: ${reason(error)}`,
        fix: "Check the key, or request a new one; keys expire after 90 days.",
      });
    }
  }
  for (const check of checks) if (check.ok) delete check.fix;
  return { ok: checks.every((check) => check.ok), checks };
}

/** One line per check, for people: `ok` or `FAIL`, the detail, and the fix on the next line. */
export function formatDoctor(result: { ok: boolean; checks: DoctorCheck[] }): string {
  const lines = result.checks.flatMap((check) => [
    `${check.ok ? "ok  " : "FAIL"} ${check.name}: ${check.detail}`,
    ...(check.fix ? [`     -> ${check.fix}`] : []),
  ]);
  return [...lines, result.ok ? "All checks passed." : "Some checks failed."].join("\n");
}
