import type { ScanObservations } from "../observations/scan-observations.js";
import { toSignalRecord, type EvidenceRecord } from "./evidence-record.js";

/** Days before expiry from which a certificate counts as expiring soon (renewal is usually automated at 30). */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 14;
/** HSTS max-age below 180 days: shorter than the HSTS preload list and common guidance accept. */
export const HSTS_SHORT_MAX_AGE_SECONDS = 180 * 24 * 3600;

type SignalKind = "certificate" | "response_header" | "policy_section" | "page_element";

/**
 * Transport, privacy-policy and US-law facts of a scan as evidence records named by stable codes. Only what
 * a completed step observed becomes a signal: a step that failed, or a value the scanner could not read
 * (null), produces none (it is a coverage gap, see toSignalCoverage). No URL, path, header value or page
 * text is carried: codes, hosts and vendor names only.
 */
export function toSiteSignals(observations: ScanObservations): EvidenceRecord[] {
  const host = observations.target.host;
  const signal = (kind: SignalKind, name: string, extra: { host?: string; vendor?: string } = {}) =>
    toSignalRecord({ kind, name, host: extra.host ?? host, vendor: extra.vendor ?? null });
  const signals: EvidenceRecord[] = [];
  const transport = observations.transport;
  if (transport) {
    const probe = transport.certificate.probe;
    const browser = transport.certificate.browser;
    if (transport.httpsAvailable === false) signals.push(signal("certificate", "https_unavailable"));
    // Not a finding on its own: findings about an HTTPS page (cookies without Secure) need to know it was one.
    if (transport.finalScheme === "https") signals.push(signal("certificate", "served_over_https"));
    if (transport.httpsAvailable === true && transport.httpAvailable === true && transport.httpRedirectsToHttps === false) {
      signals.push(signal("response_header", "http_not_redirected_to_https"));
    }
    const expired = probe?.expired === true || browser?.expired === true || transport.browserCertificateError === "date_invalid";
    if (expired) signals.push(signal("certificate", "certificate_expired"));
    const days = [probe?.daysToExpiry, browser?.daysToExpiry].filter((value): value is number => typeof value === "number");
    if (!expired && days.length > 0 && Math.min(...days) <= CERTIFICATE_EXPIRY_WARNING_DAYS)
      signals.push(signal("certificate", "certificate_expiring_soon"));
    const untrusted =
      (probe !== null && !probe.authorized && probe.authorizationError !== "CERT_HAS_EXPIRED") ||
      probe?.subjectMatchesHost === false ||
      (transport.browserCertificateError !== null && transport.browserCertificateError !== "date_invalid");
    if (untrusted) signals.push(signal("certificate", "certificate_not_trusted"));
    if (transport.finalScheme === "https" && transport.hsts !== null) {
      if (!transport.hsts.present || !transport.hsts.valid) signals.push(signal("response_header", "hsts_missing"));
      else if ((transport.hsts.maxAgeSeconds ?? 0) < HSTS_SHORT_MAX_AGE_SECONDS)
        signals.push(signal("response_header", "hsts_short_max_age"));
    }
    for (const item of transport.mixedContent?.items ?? []) {
      if (item.resolution === "allowed") signals.push(signal("page_element", "mixed_content_loaded", { host: item.host }));
    }
    const referrer = transport.privacyHeaders?.referrerPolicy;
    if (referrer === "unsafe-url" || referrer === "no-referrer-when-downgrade")
      signals.push(signal("response_header", `referrer_policy_${referrer}`));
  }
  const policy = observations.privacyPolicy;
  if (policy) {
    if (policy.steps.discovery === "ok" && policy.link.foundIn === "none")
      signals.push(signal("policy_section", "privacy_policy_link_not_found"));
    for (const [disclosure, observed] of Object.entries(policy.disclosures ?? {})) {
      if (!observed)
        signals.push(signal("policy_section", `not_observed_${disclosure}`, policy.link.host ? { host: policy.link.host } : {}));
    }
    for (const vendor of policy.vendorsNotNamed ?? []) {
      signals.push(signal("policy_section", "vendor_not_named", { vendor, ...(policy.link.host ? { host: policy.link.host } : {}) }));
    }
  }
  const us = observations.usPrivacy;
  if (us) {
    if (us.doNotSellOrShareLink === false && us.yourPrivacyChoicesLink === false)
      signals.push(signal("page_element", "us_opt_out_link_not_found"));
    if (us.gpcJson?.status === "invalid") signals.push(signal("response_header", "gpc_json_invalid"));
  }
  return signals;
}
