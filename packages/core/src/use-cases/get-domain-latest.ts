import type { PreConsentTable, Scan } from "../contract/index.js";
import { hasEvidence } from "../domain/scan-record.js";
import { ServiceError } from "../errors/service-error.js";
import { toPreConsentTable } from "../render/to-pre-consent-table.js";
import { toScanResource } from "../render/to-scan-resource.js";
import { checkReadLimit, weightOf } from "./check-read-limit.js";
import { checkDomain, checkScanFrom } from "./find-scan.js";
import { linksOf, readProvenance } from "./render-context.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

type DomainRead = { domain: string; scanFrom?: string; caller: Caller };

async function latest(
  deps: ServiceDeps,
  input: DomainRead & { operationId: "getDomainLatestScan" | "getDomainLatestPreConsentCookiesTrackers" },
) {
  const domain = checkDomain(input.domain);
  const scanFrom = checkScanFrom(input.scanFrom);
  await checkReadLimit(deps, { caller: input.caller, resource: `domain:${domain}`, weight: weightOf(input.operationId) });
  // The contract's "latest eligible scan": a no-go result is none, so a newer one never hides an older scan
  // that observed the page, and a domain with only no-go results has no latest scan (not an empty table).
  for (const host of hostsOf(domain)) {
    const record = await deps.scans.latestForDomain(host, scanFrom);
    if (record !== null && hasEvidence(record)) return record;
  }
  throw new ServiceError("not_found", "No completed scan of this domain or its www host with evidence.");
}

/**
 * The hosts a domain's latest scan is looked up under: the host asked for, then its `www.` twin (a site is
 * known as `example.com` and served from `www.example.com`, or the other way round). The answer's `domain`
 * says which host was scanned.
 */
function hostsOf(domain: string): string[] {
  return [domain, domain.startsWith("www.") ? domain.slice(4) : `www.${domain}`].filter((host) => host.includes("."));
}

/** GET /domains/{domain}/latest: the latest completed scan with evidence of a domain (optionally from one region). */
export async function getDomainLatest(deps: ServiceDeps, input: DomainRead): Promise<{ status: 200; body: Scan }> {
  const record = await latest(deps, { ...input, operationId: "getDomainLatestScan" });
  return {
    status: 200,
    body: toScanResource(record, { links: linksOf(deps), provenance: readProvenance(deps, await deps.quota.peek(input.caller)) }),
  };
}

/** GET /domains/{domain}/latest/pre-consent-cookies-trackers. */
export async function getDomainLatestTable(deps: ServiceDeps, input: DomainRead): Promise<{ status: 200; body: PreConsentTable }> {
  return {
    status: 200,
    body: toPreConsentTable(await latest(deps, { ...input, operationId: "getDomainLatestPreConsentCookiesTrackers" }), linksOf(deps)),
  };
}
