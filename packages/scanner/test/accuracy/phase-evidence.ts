import { requestEvidenceKind, type EvidencePhase, type ScanObservations } from "@public-scan/core";

/** The evidence kinds scored per phase, each a set of keys (`name@domain`, `kind:origin:name`, hosts, vendors). */
export const EVIDENCE_KINDS = ["cookies", "storage", "trackerHosts", "trackerVendors", "services"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** A phase's evidence as keys; a kind the ground truth does not write down for the phase is absent. */
export type PhaseEvidence = Partial<Record<EvidenceKind, readonly string[]>>;

const cookieKey = (cookie: { name: string; domain: string }) => `${cookie.name}@${cookie.domain}`;
const storageKey = (item: { kind: string; originHost: string; name: string }) => `${item.kind}:${item.originHost}:${item.name}`;
const serviceKey = (service: { host: string; vendor: string | null; category: string | null }) =>
  `${service.host}|${service.vendor}|${service.category}`;

/**
 * What a scan reports for one phase, by core's rules as the report applies them (`toEvidence`): cookies the
 * browser stored (refused ones are evidence of nothing), local, session and IndexedDB storage (service
 * workers and caches are not in the ground truth's type), tracker hosts (a third-party host with any tracker
 * request in the phase, `requestEvidenceKind`) with their requests' vendors, and the known third-party
 * services on hosts that are not trackers.
 */
export function observedPhaseEvidence(observations: ScanObservations, phase: EvidencePhase): Required<PhaseEvidence> {
  const requests = observations.requests.filter((request) => request.phase === phase);
  const trackerHosts = new Set(requests.filter((request) => requestEvidenceKind(request) === "tracker").map((request) => request.host));
  return {
    cookies: observations.cookies.filter((cookie) => cookie.phase === phase && cookie.blockedReasons === null).map(cookieKey),
    storage: observations.storage
      .filter(
        (item) => item.phase === phase && (item.kind === "local_storage" || item.kind === "session_storage" || item.kind === "indexed_db"),
      )
      .map(storageKey),
    trackerHosts: [...trackerHosts],
    trackerVendors: requests.flatMap((request) =>
      trackerHosts.has(request.host) && request.classification.vendor !== null ? [request.classification.vendor] : [],
    ),
    services: requests
      .filter((request) => requestEvidenceKind(request) === "service" && !trackerHosts.has(request.host))
      .map((request) => serviceKey({ host: request.host, ...request.classification })),
  };
}

/**
 * What the ground truth expects of one phase, as the same keys. `services` is written down only for the
 * first visit (absent there: the site loads none); the later phases leave it out, so it is not scored there.
 */
export function expectedPhaseEvidence(truth: {
  cookies: ReadonlyArray<{ name: string; domain: string }>;
  storage: ReadonlyArray<{ kind: string; originHost: string; name: string }>;
  trackerHosts: readonly string[];
  trackerVendors: readonly string[];
  services?: ReadonlyArray<{ host: string; vendor: string; category: string }>;
}): PhaseEvidence {
  return {
    cookies: truth.cookies.map(cookieKey),
    storage: truth.storage.map(storageKey),
    trackerHosts: truth.trackerHosts,
    trackerVendors: truth.trackerVendors,
    ...(truth.services === undefined ? {} : { services: truth.services.map(serviceKey) }),
  };
}
