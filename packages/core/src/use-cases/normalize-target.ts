import { CreateScanRequestSchema } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import type { ServiceDeps } from "./service-deps.js";

export interface ScanTarget {
  /**
   * What is visited, stored and shown: scheme, host, port and path. Query strings and fragments are dropped:
   * they may carry personal data, and a scan is of the page, not of one visitor's link to it.
   */
  url: string;
  domain: string;
  scanFrom: string;
  /** Reuse and in-flight joins match on this: normalised URL and region. */
  targetKey: string;
  freshness: "latest" | "fresh";
}

/**
 * Validates a create-scan body and normalises its target. Errors are `invalid_request` with the field
 * named, never a stack. Whether the host is public is decided later, after resolution, by the egress guard.
 */
export function normalizeTarget(body: unknown, regions: { scanRegions: readonly string[]; defaultScanRegion: string }): ScanTarget {
  const parsed = CreateScanRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "body";
    throw new ServiceError("invalid_request", `${field}: ${issue?.message ?? "invalid"}`);
  }
  const scanFrom = parsed.data.scanFrom ?? regions.defaultScanRegion;
  if (!regions.scanRegions.includes(scanFrom)) {
    throw new ServiceError("invalid_request", `scanFrom: this deployment scans from ${regions.scanRegions.join(", ")}`);
  }
  const url = new URL(parsed.data.url);
  url.hash = "";
  // `example.com.` is the fully qualified spelling of `example.com`: one site, one domain, one reuse key.
  if (url.hostname.endsWith(".") && !url.hostname.startsWith("[")) url.hostname = url.hostname.slice(0, -1);
  const path = url.pathname === "" ? "/" : url.pathname;
  const shown = `${url.protocol}//${url.host}${path}`;
  return {
    url: shown,
    domain: url.hostname,
    scanFrom,
    targetKey: targetKeyOf({ scanFrom, url: shown }),
    freshness: parsed.data.freshness ?? "latest",
  };
}

/** The key reuse and in-flight joins match on: region and normalised URL. */
export function targetKeyOf(record: { scanFrom: string | null; url: string }): string {
  return `${record.scanFrom ?? ""}|${record.url}`;
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** `invalid_request` when the deployment's target policy refuses the URL's host (say which rule, never the address). */
/** The answer to every refused target, whatever the policy's reason. */
export const TARGET_REFUSED_MESSAGE = "url: this target cannot be scanned: it is not a public web address.";

export async function checkTargetPolicy(deps: ServiceDeps, url: string): Promise<void> {
  if (deps.targets === undefined) return;
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const verdict = await deps.targets.check({
    host,
    port: parsed.port === "" ? (DEFAULT_PORTS[parsed.protocol] ?? 0) : Number(parsed.port),
  });
  // One message whatever the reason: a reason per refusal would tell a caller which internal host names
  // exist (resolvable to a private address) and which do not.
  if (!verdict.allowed) throw new ServiceError("invalid_request", TARGET_REFUSED_MESSAGE);
}
