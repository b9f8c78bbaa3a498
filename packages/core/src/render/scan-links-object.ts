import type { LinkBuilder } from "./scan-links.js";

/** The `links` object of Scan, Pulse and Pulse evidence. */
export function scanLinksOf(scanId: string, links: LinkBuilder) {
  return {
    self: links.scan(scanId),
    status: links.status(scanId),
    findings: links.findings(scanId),
    pulse: links.pulse(scanId),
    report: links.report(scanId),
    preConsentCookiesTrackers: links.preConsentCookiesTrackers(scanId),
  };
}
