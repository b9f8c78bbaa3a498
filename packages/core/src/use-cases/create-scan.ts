import type { Scan, ScanJob } from "../contract/index.js";
import { hasEvidence, type ScanRecord } from "../domain/scan-record.js";
import type { RequestProvenance } from "../render/to-scan-resource.js";
import { toScanJobResource } from "../render/to-scan-job-resource.js";
import { toScanResource } from "../render/to-scan-resource.js";
import { isStale } from "./recover-stale-scan.js";
import { checkTargetPolicy } from "./normalize-target.js";
import { normalizeTarget, type ScanTarget } from "./normalize-target.js";
import { recoverStaleScan } from "./recover-stale-scan.js";
import { withTargetLock } from "./with-target-lock.js";
import type { Outcome } from "./outcome.js";
import { jobTiming, linksOf } from "./render-context.js";
import type { Allowance, Caller, ServiceDeps } from "./service-deps.js";

/**
 * POST /api/v2/scans (and MCP service_scan_site): reuse a recent eligible scan of the same target and
 * region (200, free), or join a scan of it already in flight (202, free), or check the quota and queue a
 * new scan (202). Nothing is stored when the request is refused.
 */
export async function createScan(deps: ServiceDeps, input: { body: unknown; caller: Caller }): Promise<Outcome<Scan>> {
  const target = normalizeTarget(input.body, deps.config);
  return withTargetLock(deps.scans, { targetKey: target.targetKey, work: () => createOrJoin(deps, { target, caller: input.caller }) });
}

async function createOrJoin(deps: ServiceDeps, input: { target: ScanTarget; caller: Caller }): Promise<Outcome<Scan>> {
  const { target } = input;
  const now = deps.clock.now();
  const links = linksOf(deps);
  const provenance = (
    allowance: Allowance,
    fields: Pick<RequestProvenance, "executionMode" | "reused" | "reusedScanAgeSeconds" | "freshnessDecision" | "quotaConsumed">,
  ): RequestProvenance => ({
    ...fields,
    anonymousQuotaLimit: allowance.limit,
    anonymousQuotaRemaining: allowance.remaining,
    anonymousQuotaResetAt: allowance.resetAt,
    upgradeSupportEmail: deps.config.supportEmail,
    upgradeMessage: deps.config.upgradeMessage,
  });
  const job = (record: ScanRecord, fields: RequestProvenance): Outcome<Scan> => {
    const body: ScanJob = toScanJobResource(record, { links, provenance: fields, timing: jobTiming(deps) });
    return { status: 202, body, retryAfterSeconds: deps.config.pollSeconds };
  };

  if (target.freshness === "latest") {
    const notBefore = new Date(now - deps.config.reuseWindowSeconds * 1000).toISOString();
    // Only a result with evidence is reused: a no-go (a bot challenge, an error page) says nothing about the
    // site, so the store skips it, and the next request scans again or reuses an older scan that observed.
    const reusable = await deps.scans.findReusable(target.targetKey, notBefore);
    if (reusable !== null && hasEvidence(reusable)) {
      const age = Math.max(0, Math.floor((now - Date.parse(reusable.completedAt ?? reusable.createdAt)) / 1000));
      const fields = provenance(await deps.quota.peek(input.caller), {
        executionMode: "reused_scan",
        reused: true,
        reusedScanAgeSeconds: age,
        freshnessDecision: "reused_existing_scan",
        quotaConsumed: false,
      });
      return { status: 200, body: toScanResource(reusable, { links, provenance: fields }) };
    }
  }

  const active = await findLiveActive(deps, target.targetKey);
  if (active !== null) {
    const fields = provenance(await deps.quota.peek(input.caller), {
      executionMode: "joined_scan",
      reused: false,
      reusedScanAgeSeconds: null,
      freshnessDecision: "joined_in_flight_scan",
      quotaConsumed: false,
    });
    return job(active, fields);
  }

  // Only a new scan costs quota, and it is charged before the target policy resolves anything: a caller
  // with nothing left causes no DNS work, and a refused target costs a scan too, so the refusals cannot be
  // used as a free oracle of internal host names. A refusal throws before anything is stored.
  const allowance = await deps.quota.consume(input.caller);
  await checkTargetPolicy(deps, target.url);
  const at = new Date(now).toISOString();
  const record: ScanRecord = {
    scanId: deps.ids.scanId(),
    jobId: deps.ids.jobId(),
    url: target.url,
    urlHash: target.urlHash,
    // The query reaches the worker only sealed, so it is never stored in plain text.
    sealedUrl: target.scanUrl === target.url ? null : deps.sealer.seal(target.scanUrl),
    domain: target.domain,
    scanFrom: target.scanFrom,
    status: "queued",
    phase: "queued",
    createdAt: at,
    startedAt: null,
    completedAt: null,
    phaseStartedAt: at,
    lastHeartbeatAt: at,
    progressPercent: 0,
    report: null,
    scoreUpdatedAt: null,
    diagnostics: null,
    error: null,
    attempts: 0,
  };
  await deps.scans.create(record, { targetKey: target.targetKey });
  await deps.queue.enqueue({ scanId: record.scanId });
  return job(
    record,
    provenance(allowance, {
      executionMode: "new_scan",
      reused: false,
      reusedScanAgeSeconds: null,
      freshnessDecision: target.freshness === "fresh" ? "fresh_scan_requested_queued" : "no_eligible_recent_scan_queued",
      quotaConsumed: true,
    }),
  );
}

/**
 * The scan of this target in flight, if any. A stale one (its worker died) is taken over first: retried
 * (and then joined) or ended, so a dead scan never blocks the target or makes every request queue anew.
 */
async function findLiveActive(deps: ServiceDeps, targetKey: string): Promise<ScanRecord | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const active = await deps.scans.findActive(targetKey);
    if (active === null) return null;
    if (!isStale(active, { now: deps.clock.now(), staleAfterSeconds: deps.config.staleAfterSeconds })) return active;
    const outcome = await recoverStaleScan(deps, active);
    if (outcome === "requeued") return deps.scans.get(active.scanId);
  }
  return null;
}
