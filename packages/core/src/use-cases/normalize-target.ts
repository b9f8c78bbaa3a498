import { createHash } from "node:crypto";
import { CreateScanRequestSchema, MAX_SCAN_URL_LENGTH } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { toInvalidRequest } from "../errors/to-invalid-request.js";
import type { ServiceDeps } from "./service-deps.js";

export interface ScanTarget {
  /**
   * What is stored and shown: scheme, host, port and path. The query string and the fragment are left out:
   * they may carry personal data or tokens, and the contract never exposes query strings.
   */
  url: string;
  /**
   * What is visited: `url` with its query string, as the caller gave it, since another query may be another
   * page. Private: it reaches the worker only sealed (`UrlSealer`), and is never stored in plain text,
   * logged or shown. The fragment is dropped: a browser never sends it to the server.
   */
  scanUrl: string;
  /** SHA-256 of `scanUrl`: what reuse and joins match on, so `?p=1` and `?p=2` are two targets. */
  urlHash: string;
  domain: string;
  scanFrom: string;
  /** Reuse and in-flight joins match on this: region and `urlHash`. */
  targetKey: string;
  freshness: "latest" | "fresh";
}

/**
 * Validates a create-scan body and normalises its target. Errors are `invalid_request` with the field
 * named, never a stack. Whether the host is public is decided later, after resolution, by the egress guard.
 */
export function normalizeTarget(body: unknown, regions: { scanRegions: readonly string[]; defaultScanRegion: string }): ScanTarget {
  const parsed = CreateScanRequestSchema.safeParse(body);
  if (!parsed.success) throw toInvalidRequest(parsed.error, "body");
  const scanFrom = parsed.data.scanFrom ?? regions.defaultScanRegion;
  if (!regions.scanRegions.includes(scanFrom)) {
    throw new ServiceError("invalid_request", `scanFrom: this deployment scans from ${regions.scanRegions.join(", ")}`);
  }
  const url = new URL(parsed.data.url);
  // `example.com.` is the fully qualified spelling of `example.com`: one site, one domain, one reuse key.
  if (url.hostname.endsWith(".") && !url.hostname.startsWith("[")) url.hostname = url.hostname.slice(0, -1);
  const path = url.pathname === "" ? "/" : url.pathname;
  const shown = `${url.protocol}//${url.host}${path}`;
  // The parser percent-encodes what a URL may not hold raw (`<`, spaces, quotes), so a query within the
  // limit as sent can outgrow it: refused here, before quota, store or scanner, never cut.
  const scanUrl = `${shown}${url.search}`;
  if (scanUrl.length > MAX_SCAN_URL_LENGTH) {
    throw new ServiceError("invalid_request", `url: must be at most ${MAX_SCAN_URL_LENGTH} characters once percent-encoded`);
  }
  const urlHash = urlHashOf(scanUrl);
  return {
    url: shown,
    scanUrl,
    urlHash,
    domain: url.hostname,
    scanFrom,
    targetKey: targetKeyOf({ scanFrom, url: shown, urlHash }),
    freshness: parsed.data.freshness ?? "latest",
  };
}

/**
 * The hash a target's full URL is known by in the store (hex SHA-256). A hash, not the URL: a query may hold
 * a token, and the key is stored beside every record. It can confirm a guessed URL, not reveal an unknown one.
 */
export function urlHashOf(scanUrl: string): string {
  return createHash("sha256").update(scanUrl, "utf8").digest("hex");
}

/**
 * The key reuse and in-flight joins match on: region and the hash of the full URL. A record without
 * `urlHash` (stored before queries were scanned) visited exactly its `url`, so that is what is hashed.
 */
export function targetKeyOf(record: { scanFrom: string | null; url: string; urlHash?: string }): string {
  return `${record.scanFrom ?? ""}|${record.urlHash ?? urlHashOf(record.url)}`;
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
