import type { RegimeLensSetting } from "../projection/score/lens-of-region.js";
import type { Clock, Ids } from "../ports/clock.js";
import type { JobQueue } from "../ports/job-queue.js";
import type { ScanStore } from "../ports/scan-store.js";
import type { DurationStats } from "../ports/duration-stats.js";
import type { ScanQuota } from "../ports/scan-quota.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { TargetPolicy } from "../ports/target-policy.js";
import type { ServiceObserver } from "../ports/service-observer.js";
import type { UrlSealer } from "./create-url-sealer.js";

// The ScanQuota port and its Allowance moved to ports/; re-exported so existing importers keep working.
export type { Allowance, ScanQuota } from "../ports/scan-quota.js";

/** Who is asking: anonymous callers are known by their (trusted-proxy-aware) IP, others by their key. */
export type Caller =
  { kind: "anonymous"; ip: string } | { kind: "key"; keyId: string; /** Self-serve keys have per-key caps. */ selfServe?: boolean };

export interface ServiceConfig {
  /** Public base URL of the deployment, for links. */
  baseUrl: string;
  /** A completed scan of the same target and region younger than this is reused (free). */
  reuseWindowSeconds: number;
  scanRegions: readonly string[];
  defaultScanRegion: string;
  supportEmail: string;
  upgradeMessage: string;
  /** A running job whose heartbeat is older than this is reported as stalled. */
  stallAfterSeconds: number;
  /** Poll interval recommended to callers while a scan is active. */
  pollSeconds: number;
  /** Attempts per job: a job interrupted by a dying process is retried until this many. */
  maxAttempts: number;
  /**
   * A scan still marked running whose heartbeat is older than this is taken as dead (its process died or
   * hangs): new requests do not join it, and recovery may take it over.
   */
  staleAfterSeconds: number;
  /**
   * The reading scores follow (docs/scoring.md "Readings"): `by_region` (the scan's region: the US opt-out
   * rule from a US region, the EU opt-in rule from the EEA or the UK, every finding elsewhere), or one lens
   * for every scan. Each scan still reports every regime's reading.
   */
  regimeLens: RegimeLensSetting;
}

export const DEFAULT_SERVICE_CONFIG = {
  reuseWindowSeconds: 6 * 3600,
  // A deployment that does not name its regions scans "from itself"; the code fits the region-code shape.
  scanRegions: ["self_hosted"],
  defaultScanRegion: "self_hosted",
  supportEmail: "support@example.org",
  upgradeMessage: "Need more scans or scan creation with a key? Contact support.",
  stallAfterSeconds: 60,
  pollSeconds: 5,
  maxAttempts: 2,
  staleAfterSeconds: 300,
  regimeLens: "by_region",
} as const satisfies Omit<ServiceConfig, "baseUrl">;

/** Everything the use-cases need, injected (ARCHITECTURE.md: domain code takes a typed deps object). */
export interface ServiceDeps {
  scans: ScanStore;
  queue: JobQueue;
  quota: ScanQuota;
  clock: Clock;
  ids: Ids;
  config: ServiceConfig;
  /** Seals a scanned URL's query string in the stored record until a worker has visited it. */
  sealer: UrlSealer;
  /** Durations of completed scans, for remaining-time estimates; without it, none is claimed. */
  durations?: DurationStats;
  /** The weighted read limits; hosts serving the public API set it, embedding may leave it out. */
  limits?: RateLimiter;
  /** Refuses non-public targets before anything is queued; without it, only the scanner's guard decides. */
  targets?: TargetPolicy;
  /** Told about requests, jobs, phases and refusals, for the host's logs and metrics; without it, nobody is. */
  observer?: ServiceObserver;
}
