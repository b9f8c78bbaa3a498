import type { EvidenceExample, Party, Purpose } from "../contract/index.js";

/**
 * A public-safe evidence record: the allow-listed facts of one observation that a report may show. Findings
 * and the pre-consent table are derived from these only, never from raw scanner data (ARCHITECTURE.md).
 */
export interface EvidenceRecord extends Omit<EvidenceExample, "kind"> {
  /**
   * `consent_signal`: a fact about the consent banner or a consent action; `certificate`, `response_header`,
   * `policy_section`, `page_element`: a transport, privacy-policy or US-law signal. These are named by stable
   * codes (toConsentSignals, toSiteSignals) and never appear in the pre-consent table. `service_request`: a
   * third-party service host (fonts, a library CDN, ...; `SERVICE_CATEGORIES`), shown in the table and never
   * evidence of a finding.
   */
  kind:
    | "cookie"
    | "storage_key"
    | "tracker_request"
    | "service_request"
    | "consent_signal"
    | "certificate"
    | "response_header"
    | "policy_section"
    | "page_element";
  party: Party;
  purpose: Purpose | null;
  /** Catalogue category (`advertising`, `session_replay`, ... or a service's `fonts`, `static_cdn`, ...), when known. */
  category: string | null;
  /** Requests counted for a tracker or service host; null for cookies and storage. */
  requestCount: number | null;
  /** Cookie lifetime left in seconds; null for session cookies and non-cookies. */
  lifetimeSeconds: number | null;
  /** EasyPrivacy lists the host's requests. */
  trackerListed: boolean;
  /** A cookie's Secure attribute; null for everything else. */
  secure: boolean | null;
}

/** A record a finding may rest on and show as an example: anything but a third-party service. */
export type FindingEvidenceRecord = EvidenceRecord & { kind: EvidenceExample["kind"] };

export function isFindingEvidence(record: EvidenceRecord): record is FindingEvidenceRecord {
  return record.kind !== "service_request";
}

/**
 * A first-party signal record (a consent, transport, privacy-policy or US-law fact named by a stable code):
 * everything a cookie, storage key or tracker request would carry beyond kind, name, host, vendor and phase
 * is empty. One builder, so every signal projection leaves the same fields empty.
 */
export function toSignalRecord(signal: {
  kind: Exclude<EvidenceRecord["kind"], "cookie" | "storage_key" | "tracker_request" | "service_request">;
  name: string;
  host: string;
  vendor?: string | null;
  phase?: EvidenceRecord["phase"];
}): EvidenceRecord {
  return {
    kind: signal.kind,
    name: signal.name,
    host: signal.host,
    vendor: signal.vendor ?? null,
    purpose: null,
    category: null,
    party: "first_party",
    phase: signal.phase ?? null,
    requestCount: null,
    lifetimeSeconds: null,
    trackerListed: false,
    secure: null,
  };
}
