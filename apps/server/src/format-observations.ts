import { cmpDisplayName, toGpcComparison, type EvidencePhase, type ScanObservations, type TrackerHostRef } from "@public-scan/core";
import { formatTable } from "./format-table.js";

const lifetime = (seconds: number | null) => {
  if (seconds === null) return "session";
  if (seconds >= 86_400) return `${Math.round(seconds / 86_400)} d`;
  if (seconds >= 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 60)} min`;
};

/**
 * The readable summary of a scan's observations: what the page did before consent, the banner and what
 * reject and accept did, then each later phase that ran in its own section, like the report page. Names,
 * hosts and counts only, like the observations themselves.
 */
export function formatObservations(observations: ScanObservations): string {
  const { navigation } = observations;
  const out: string[] = [];
  out.push(`Scanned ${observations.target.url}`);
  out.push(
    `  final URL ${navigation.finalUrl ?? "-"} · HTTP ${navigation.httpStatus ?? "-"} · ${navigation.contentType ?? "-"} · page kind ${navigation.pageKind}` +
      (navigation.noGoReason ? ` (no-go: ${navigation.noGoReason})` : ""),
  );
  if (navigation.redirects.length > 0)
    out.push(`  redirects ${navigation.redirects.map((hop) => `${hop.host} ${hop.status}`).join(" → ")}`);
  out.push(
    `  load ${navigation.timings.loadMs ?? "-"} ms · network idle ${navigation.reachedNetworkIdle ? `${navigation.timings.networkIdleMs} ms` : "not reached"}`,
  );

  // Before consent first, then the banner and what reject and accept did, then each later phase that ran.
  for (const [phase, label] of PHASE_LABELS) {
    const run = observations.phases?.find((candidate) => candidate.phase === phase);
    if (phase === "pre_consent") out.push(...formatPhaseEvidence(observations, phase, label), ...formatConsent(observations));
    else if (run?.status === "completed") out.push(...formatPhaseEvidence(observations, phase, label));
  }

  const refused = observations.requests.filter((request) => request.refused);
  if (refused.length > 0) out.push("", `Refused by the egress guard: ${[...new Set(refused.map((request) => request.host))].join(", ")}`);

  const requestCount = observations.requests.reduce((sum, request) => sum + request.count, 0);
  out.push(
    "",
    `Requests ${requestCount} to ${new Set(observations.requests.map((request) => request.host)).size} hosts · frames ${observations.frames.length}`,
  );
  out.push(
    `Collectors ${observations.collectors.map((collector) => `${collector.id} ${collector.status}${collector.reason ? ` (${collector.reason})` : ""}`).join(" · ")}`,
  );
  out.push("", "Automated public-web observations for review only; not legal advice or a compliance determination.");
  return out.join("\n");
}

const PHASE_LABELS: ReadonlyArray<readonly [EvidencePhase, string]> = [
  ["pre_consent", "before consent"],
  ["after_reject", "after reject"],
  ["after_accept", "after accept"],
  ["gpc", "under Global Privacy Control"],
];

/** One phase's cookies, storage and tracker hosts, each item in the phase that observed it. */
function formatPhaseEvidence(observations: ScanObservations, phase: EvidencePhase, label: string): string[] {
  const out: string[] = [];
  const cookies = observations.cookies.filter((cookie) => cookie.phase === phase);
  const storage = observations.storage.filter((item) => item.phase === phase);
  const requests = observations.requests.filter((request) => request.phase === phase);
  const stored = cookies.filter((cookie) => cookie.blockedReasons === null);
  out.push("", `Cookies ${label} (${stored.length})`);
  if (stored.length > 0) {
    out.push(
      formatTable(
        ["NAME", "DOMAIN", "PARTY", "SET BY", "VENDOR", "PURPOSE", "LIFETIME", "FLAGS"],
        stored.map((cookie) => [
          cookie.name,
          cookie.domain,
          cookie.party === "first_party" ? "1st" : "3rd",
          cookie.setterHost === null ? cookie.setBy : `${cookie.setBy === "javascript" ? "js" : "header"} ${cookie.setterHost}`,
          cookie.classification.vendor ?? "-",
          cookie.classification.purpose,
          lifetime(cookie.expiresInSeconds),
          [
            cookie.secure ? "Secure" : "",
            cookie.httpOnly ? "HttpOnly" : "",
            cookie.sameSite !== "unspecified" ? `SameSite=${cookie.sameSite}` : "",
          ]
            .filter(Boolean)
            .join(" "),
        ]),
      ),
    );
  }
  const blocked = cookies.filter((cookie) => cookie.blockedReasons !== null);
  if (blocked.length > 0)
    out.push(
      "",
      `Cookies the browser refused ${label} (${blocked.length})`,
      formatTable(
        ["NAME", "DOMAIN", "REASONS"],
        blocked.map((cookie) => [cookie.name, cookie.domain, (cookie.blockedReasons ?? []).join(", ")]),
      ),
    );

  out.push("", `Browser storage ${label} (${storage.length})`);
  if (storage.length > 0) {
    out.push(
      formatTable(
        ["KIND", "ORIGIN", "NAME", "PARTY", "VENDOR", "PURPOSE"],
        storage.map((item) => [
          item.kind,
          item.originHost,
          item.name,
          item.party === "first_party" ? "1st" : "3rd",
          item.classification.vendor ?? "-",
          item.classification.purpose,
        ]),
      ),
    );
  }

  const trackers = new Map<string, { vendor: string; category: string; requests: number; listed: boolean }>();
  for (const request of requests) {
    if (request.party !== "third_party" && !request.trackerListed) continue;
    if (request.classification.vendor === null && !request.trackerListed) continue;
    const entry = trackers.get(request.host) ?? {
      vendor: request.classification.vendor ?? "-",
      category: request.classification.category ?? "-",
      requests: 0,
      listed: false,
    };
    entry.requests += request.count;
    entry.listed ||= request.trackerListed;
    trackers.set(request.host, entry);
  }
  out.push("", `Tracker hosts contacted ${label} (${trackers.size})`);
  if (trackers.size > 0) {
    out.push(
      formatTable(
        ["HOST", "VENDOR", "CATEGORY", "REQUESTS", "EASYPRIVACY"],
        [...trackers].map(([host, entry]) => [host, entry.vendor, entry.category, String(entry.requests), entry.listed ? "listed" : "-"]),
      ),
    );
  }
  return out;
}

/** The banner as the first visit met it, what reject and accept did, and why a phase did not run. */
function formatConsent(observations: ScanObservations): string[] {
  const consent = observations.consent;
  if (consent === null || consent === undefined) return [];
  const out = ["", "Consent"];
  const layer = consent.firstLayer;
  const offers =
    layer === null ? "-" : (["accept", "reject", "settings", "acknowledge"] as const).filter((kind) => layer[kind]).join(", ") || "none";
  out.push(
    `  banner ${consent.bannerVisible ? "visible" : "not seen"} · CMP ${consent.cmp === null ? "-" : cmpDisplayName(consent.cmp)}${consent.detectedBy ? ` (${consent.detectedBy})` : ""} · first layer ${consent.classification} (${offers})`,
  );
  const actions = observations.consentActions;
  if (actions !== undefined) {
    for (const [name, action] of [
      ["reject", actions.reject],
      ["accept", actions.accept],
    ] as const) {
      const details = [
        action.method,
        action.verified === null ? null : action.verified ? "verified" : "not verified",
        action.reason,
      ].filter(Boolean);
      out.push(`  ${name} ${action.outcome}${details.length > 0 ? ` (${details.join(", ")})` : ""}`);
    }
  }
  const phases = observations.phases ?? [];
  if (phases.length > 0)
    out.push(`  phases ${phases.map((run) => `${run.phase} ${run.status}${run.reason ? ` (${run.reason})` : ""}`).join(" · ")}`);
  const gpc = toGpcComparison(observations);
  if (gpc !== null) {
    const hosts = (refs: readonly TrackerHostRef[]) => (refs.length === 0 ? "none" : refs.map((ref) => ref.host).join(", "));
    out.push(`  GPC stopped ${hosts(gpc.stopped)} · still fired ${hosts(gpc.stillFired)}`);
    if (gpc.onlyWithGpc.length > 0) out.push(`  GPC only ${hosts(gpc.onlyWithGpc)}`);
  }
  return out;
}
