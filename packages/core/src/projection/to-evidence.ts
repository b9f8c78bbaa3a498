import type { ScanObservations } from "../observations/scan-observations.js";
import { toConsentSignals } from "./to-consent-signals.js";
import { toSiteSignals } from "./to-site-signals.js";
import type { EvidenceRecord } from "./evidence-record.js";

/**
 * Projects observations to evidence records, copying only allow-listed fields (a second minimisation after
 * the scanner's): names, hosts, vendors, purposes, parties, phases, counts. Cookies the browser refused are
 * not evidence of anything set. Requests count as tracker evidence when a catalogue names their vendor or
 * EasyPrivacy lists them, and only for third parties: a site's own hosts are not trackers by host alone.
 */
export function toEvidence(observations: ScanObservations): EvidenceRecord[] {
  const records: EvidenceRecord[] = [];
  for (const cookie of observations.cookies) {
    if (cookie.blockedReasons !== null) continue;
    records.push({
      kind: "cookie",
      name: cookie.name,
      host: cookie.domain,
      vendor: cookie.classification.vendor,
      purpose: cookie.classification.purpose,
      category: cookie.classification.category,
      party: cookie.party,
      phase: cookie.phase,
      requestCount: null,
      lifetimeSeconds: cookie.expiresInSeconds,
      trackerListed: false,
      secure: cookie.secure,
    });
  }
  for (const item of observations.storage) {
    if (item.kind !== "local_storage" && item.kind !== "session_storage" && item.kind !== "indexed_db") continue;
    records.push({
      kind: "storage_key",
      name: item.name,
      host: item.originHost,
      vendor: item.classification.vendor,
      purpose: item.classification.purpose,
      category: item.classification.category,
      party: item.party,
      phase: item.phase,
      requestCount: null,
      lifetimeSeconds: null,
      trackerListed: false,
      secure: null,
    });
  }
  const trackers = new Map<string, EvidenceRecord>();
  for (const request of observations.requests) {
    if (request.refused || request.party !== "third_party") continue;
    if (request.classification.vendor === null && !request.trackerListed) continue;
    const key = `${request.phase}|${request.host}`;
    const existing = trackers.get(key);
    if (existing) {
      existing.requestCount = (existing.requestCount ?? 0) + request.count;
      existing.trackerListed ||= request.trackerListed;
      continue;
    }
    trackers.set(key, {
      kind: "tracker_request",
      name: null,
      host: request.host,
      vendor: request.classification.vendor,
      purpose: request.classification.purpose,
      category: request.classification.category,
      party: request.party,
      phase: request.phase,
      requestCount: request.count,
      lifetimeSeconds: null,
      trackerListed: request.trackerListed,
      secure: null,
    });
  }
  return [...records, ...trackers.values(), ...toConsentSignals(observations), ...toSiteSignals(observations)];
}
