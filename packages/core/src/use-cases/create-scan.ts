import type { Scan, ScanJob } from "../contract/index.js";
import { hasEvidence, type ScanRecord } from "../domain/scan-record.js";
import type { RequestProvenance } from "../render/to-scan-resource.js";
import { toScanJobResource } from "../render/to-scan-job-resource.js";
import { toScanResource } from "../render/to-scan-resource.js";
import { isStale } from "./recover-stale-scan.js";
import { checkTargetPolicy } from "./normalize-target.js";
import { normalizeTarget, type ScanTarget } from "./normalize-target.js";
import { isStalePending, recoverStaleScan } from "./recover-stale-scan.js";
import { ServiceError } from "../errors/service-error.js";
import { withTargetLock } from "./with-target-lock.js";
import type { Outcome } from "./outcome.js";
import { jobTiming, linksOf } from "./render-context.js";
import type { Allowance, Caller, ServiceDeps } from "./service-deps.js";

/** How long a request may keep losing reservations of its target to other requests before it answers 500 (retryable). */
const RESERVE_DEADLINE_MS = 30_000;
// How long a request waits for another request's reservation of the same target: 10 s in all.
const ADMISSION_POLL_MS = 20;
const ADMISSION_POLLS = 500;

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

  const joined = (active: ScanRecord) =>
    deps.quota.peek(input.caller).then((allowance) =>
      job(
        active,
        provenance(allowance, {
          executionMode: "joined_scan",
          reused: false,
          reusedScanAgeSeconds: null,
          freshnessDecision: "joined_in_flight_scan",
          quotaConsumed: false,
        }),
      ),
    );

  // The store's atomic createIfNoActive decides between processes: of concurrent requests for a new target
  // (any number of API processes), one reserves the scan and the others join it, so one scan is queued and
  // one quota charged. A loser looks again (the winner may still be admitting its reservation).
  // Each lost round means another request's reservation was decided meanwhile (admitted, then joined here, or
  // refused and discarded), so the loop ends; the deadline only bounds a store that misbehaves.
  const deadline = performance.now() + RESERVE_DEADLINE_MS;
  while (performance.now() < deadline) {
    const active = await findLiveActive(deps, target.targetKey);
    if (active !== null) return joined(active);
    const record = newRecord(deps, target);
    const reserved = await deps.scans.createIfNoActive(record, { targetKey: target.targetKey });
    if (!reserved.created) continue;
    const { admitted, allowance } = await admit(deps, { record, target, caller: input.caller });
    return job(
      admitted,
      provenance(allowance, {
        executionMode: "new_scan",
        reused: false,
        reusedScanAgeSeconds: null,
        freshnessDecision: target.freshness === "fresh" ? "fresh_scan_requested_queued" : "no_eligible_recent_scan_queued",
        // A key with scan:create, or an embedding without limits, takes nothing from any allowance.
        quotaConsumed: allowance.consumed !== false,
      }),
    );
  }
  throw new ServiceError("internal_error", "The scan could not be queued because of concurrent requests for the same URL. Retry shortly.", {
    retryAfterSeconds: 1,
  });
}

/**
 * Admits a reservation: only a new scan costs quota. A caller with nothing left is refused before the target
 * policy resolves anything (no DNS work); a refused target is charged to the caller's own limits only
 * (`ScanQuota.chargeRefusal`): refusals cannot be a free oracle of internal host names, nor use up a budget
 * other callers share (the Light surface's day). A refusal discards the reservation (nothing is kept of a
 * refused request) and throws; an admitted scan becomes `queued` and is enqueued.
 */
async function admit(
  deps: ServiceDeps,
  input: { record: ScanRecord; target: ScanTarget; caller: Caller },
): Promise<{ admitted: ScanRecord; allowance: Allowance }> {
  const { record } = input;
  const targetKey = input.target.targetKey;
  let allowance: Allowance;
  try {
    // Nothing left: consume refuses (and consumes nothing), with the limit's own retry time.
    if ((await deps.quota.peek(input.caller)).remaining <= 0) await deps.quota.consume(input.caller);
    await checkTargetPolicy(deps, input.target.url).catch(async (error: unknown) => {
      await deps.quota.chargeRefusal(input.caller);
      throw error;
    });
    allowance = await deps.quota.consume(input.caller);
  } catch (error) {
    await deps.scans.discardPending(record.scanId, { targetKey });
    throw error;
  }
  const admitted = await deps.scans.update({ ...record, status: "queued" }, { expectedStatus: "pending", targetKey });
  // Only a reservation older than PENDING_STALE_AFTER_MS is discarded by others: this request hung that long.
  if (admitted === null) {
    throw new ServiceError("internal_error", "The scan request took too long to be admitted. Retry shortly.", { retryAfterSeconds: 1 });
  }
  await deps.queue.enqueue({ scanId: admitted.scanId });
  return { admitted, allowance };
}

/** A new scan's record, reserved as `pending` until its request is admitted. */
function newRecord(deps: ServiceDeps, target: ScanTarget): ScanRecord {
  const at = new Date(deps.clock.now()).toISOString();
  return {
    scanId: deps.ids.scanId(),
    jobId: deps.ids.jobId(),
    url: target.url,
    urlHash: target.urlHash,
    // The query reaches the worker only sealed, so it is never stored in plain text.
    sealedUrl: target.scanUrl === target.url ? null : deps.sealer.seal(target.scanUrl),
    domain: target.domain,
    scanFrom: target.scanFrom,
    status: "pending",
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
}

/**
 * The scan of this target in flight, if any. A stale one (its worker died) is taken over first: retried
 * (and then joined) or ended, so a dead scan never blocks the target or makes every request queue anew.
 * Another request's reservation (`pending`) is waited for until it is admitted (then joined) or refused
 * (then this request may reserve); one that outlives the wait is joined as it is.
 */
async function findLiveActive(deps: ServiceDeps, targetKey: string): Promise<ScanRecord | null> {
  let active = await deps.scans.findActive(targetKey);
  for (let poll = 0; active?.status === "pending" && poll < ADMISSION_POLLS; poll += 1) {
    if (isStalePending(active, deps.clock.now())) {
      await recoverStaleScan(deps, active);
    } else {
      await new Promise((resolve) => setTimeout(resolve, ADMISSION_POLL_MS));
    }
    active = await deps.scans.findActive(targetKey);
  }
  for (let attempt = 0; active !== null && attempt < 3; attempt += 1) {
    if (!isStale(active, { now: deps.clock.now(), staleAfterSeconds: deps.config.staleAfterSeconds })) return active;
    const outcome = await recoverStaleScan(deps, active);
    if (outcome === "requeued") return deps.scans.get(active.scanId);
    active = await deps.scans.findActive(targetKey);
  }
  return null;
}
