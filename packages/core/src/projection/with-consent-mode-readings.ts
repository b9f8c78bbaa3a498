import type { ScanObservations } from "../observations/scan-observations.js";
import { googleHitsByState } from "./consent-mode-state.js";
import type { Finding } from "./findings/to-findings.js";

/**
 * The pre-consent Google hosts that received only cookieless consent-mode pings (ad and analytics storage
 * denied, every hit), sorted.
 */
export function cookielessOnlyHosts(observations: ScanObservations): string[] {
  const hits = googleHitsByState(observations, "pre_consent");
  const other = new Set([...hits.granted, ...hits.withoutConsentMode]);
  return hits.deniedPings.filter((host) => !other.has(host));
}

/**
 * The findings with both readings of cookieless pings said: a pre-consent finding that rests on requests to
 * hosts that received only consent-mode pings with storage denied keeps them (the strict reading: a contact
 * with a tracker before consent) and says so in a caveat, naming the hosts (the permissive reading:
 * cookieless measurement). Nothing is removed or rescored.
 */
export function withConsentModeReadings(findings: readonly Finding[], observations: ScanObservations): Finding[] {
  const cookieless = new Set(cookielessOnlyHosts(observations));
  if (cookieless.size === 0) return [...findings];
  return findings.map((finding) => {
    const hosts = [
      ...new Set(
        finding.examples
          .filter((example) => example.kind === "tracker_request" && example.phase === "pre_consent" && cookieless.has(example.host ?? ""))
          .map((example) => example.host!),
      ),
    ].sort();
    if (hosts.length === 0) return finding;
    const caveat =
      `${hosts.length} of these hosts (${hosts.join(", ")}) received only Google Consent Mode pings sent with storage denied: ` +
      "counted here as contacts with a tracker before consent (the strict reading); read permissively, they are cookieless measurement.";
    return { ...finding, caveats: [...finding.caveats, caveat] };
  });
}
