import type { EvidenceRecord } from "../evidence-record.js";
import { defineFindings, type FindingSelect } from "./finding-definition.js";

const named = (evidence: readonly EvidenceRecord[], kind: EvidenceRecord["kind"], name: string) =>
  evidence.filter((record) => record.kind === kind && record.name === name);

const certificateExpiresSoon: FindingSelect = (evidence) => named(evidence, "certificate", "certificate_expiring_soon");
const httpNotRedirectedToHttps: FindingSelect = (evidence) => named(evidence, "response_header", "http_not_redirected_to_https");
const referrerPolicyLeaksFullUrls: FindingSelect = (evidence) =>
  evidence.filter((record) => record.kind === "response_header" && (record.name ?? "").startsWith("referrer_policy_"));
const cookiesWithoutSecure: FindingSelect = (evidence) =>
  named(evidence, "certificate", "served_over_https").length === 0
    ? []
    : evidence.filter((record) => record.kind === "cookie" && record.phase === "pre_consent" && record.secure === false);

/** Findings about transport security: HTTPS, the certificate, HSTS, mixed content, cookies and referrer leaks. */
export const TRANSPORT_FINDINGS = defineFindings([
  ["https_not_available", "high", "high", "transport", null, (evidence) => named(evidence, "certificate", "https_unavailable")],
  ["certificate_expired", "high", "high", "transport", null, (evidence) => named(evidence, "certificate", "certificate_expired")],
  ["certificate_not_trusted", "high", "medium", "transport", null, (evidence) => named(evidence, "certificate", "certificate_not_trusted")],
  ["certificate_expires_soon", "medium", "high", "transport", null, certificateExpiresSoon],
  ["http_not_redirected_to_https", "medium", "high", "transport", null, httpNotRedirectedToHttps],
  ["mixed_content_loaded", "medium", "high", "transport", null, (evidence) => named(evidence, "page_element", "mixed_content_loaded")],
  ["referrer_policy_leaks_full_urls", "medium", "high", "transport", null, referrerPolicyLeaksFullUrls],
  ["hsts_missing", "low", "high", "transport", null, (evidence) => named(evidence, "response_header", "hsts_missing")],
  ["cookies_without_secure", "low", "high", "transport", "pre_consent", cookiesWithoutSecure],
  ["hsts_short_max_age", "info", "high", "transport", null, (evidence) => named(evidence, "response_header", "hsts_short_max_age")],
]);
