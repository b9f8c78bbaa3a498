import type { ScanObservations } from "../observations/scan-observations.js";
import { requestEvidenceKind } from "../observations/service-category.js";
import { toConsentModeSignals } from "./to-consent-mode-signals.js";
import { toConsentSignals } from "./to-consent-signals.js";
import { toSiteSignals } from "./to-site-signals.js";
import { toGpcAnswer } from "./to-gpc-answer.js";
import { toGppSignals } from "./to-gpp-signals.js";
import { toTcfSignals } from "./to-tcf-signals.js";
import type { EvidenceRecord } from "./evidence-record.js";

/**
 * Projects observations to evidence records, copying only allow-listed fields (a second minimisation after
 * the scanner's): names, hosts, vendors, purposes, parties, phases, counts. Cookies the browser refused are
 * not evidence of anything set. Requests count as tracker evidence when a catalogue names their vendor or
 * EasyPrivacy lists them, and only for third parties: a site's own hosts are not trackers by host alone. A
 * known service host (fonts, a library CDN, a thumbnail CDN: `SERVICE_CATEGORIES`) that nothing lists is a
 * service record instead; a host with any listed request in a phase is a tracker in that phase.
 * Unknown third-party hosts with no listing are neither.
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
  const hosts = new Map<string, EvidenceRecord>();
  for (const request of observations.requests) {
    const evidenceKind = requestEvidenceKind(request);
    if (evidenceKind === null) continue;
    const kind = evidenceKind === "tracker" ? "tracker_request" : "service_request";
    const key = `${request.phase}|${request.host}`;
    const existing = hosts.get(key);
    if (existing) {
      existing.requestCount = (existing.requestCount ?? 0) + request.count;
      existing.trackerListed ||= request.trackerListed;
      // One listed request makes the host a tracker in that phase, whichever request came first.
      if (kind === "tracker_request") existing.kind = kind;
      continue;
    }
    hosts.set(key, {
      kind,
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
  return [
    ...records,
    ...hosts.values(),
    ...toConsentSignals(observations),
    ...toConsentModeSignals(observations),
    ...toTcfSignals(observations),
    ...toGppSignals(observations, toGpcAnswer(observations)),
    ...toSiteSignals(observations),
  ];
}
