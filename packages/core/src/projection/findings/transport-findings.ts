import type { EvidenceRecord } from "../evidence-record.js";
import { defineFinding } from "./finding-definition.js";

const named = (evidence: readonly EvidenceRecord[], kind: EvidenceRecord["kind"], name: string) =>
  evidence.filter((record) => record.kind === kind && record.name === name);

const PROBE =
  "Checked from the scanner's location with a direct TLS connection and the browser's visit; other addresses of the site (CDN edges, other hosts) may differ.";

/** Findings about transport security: HTTPS, the certificate, HSTS, mixed content, cookies and referrer leaks. */
export const TRANSPORT_FINDINGS = [
  defineFinding({
    id: "https_not_available",
    label: "The site is not available over HTTPS",
    criticality: "high",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "No TLS connection could be made to the site's host: pages, cookies and form data travel unencrypted.",
    caveats: [PROBE],
    nextSteps: ["Serve the site over HTTPS with a publicly trusted certificate, and redirect HTTP to it."],
    select: (evidence) => named(evidence, "certificate", "https_unavailable"),
  }),
  defineFinding({
    id: "certificate_expired",
    label: "The site's certificate has expired",
    criticality: "high",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The certificate the site presented was past its validity period; browsers warn visitors or refuse the page.",
    caveats: [PROBE],
    nextSteps: ["Renew the certificate and automate its renewal."],
    select: (evidence) => named(evidence, "certificate", "certificate_expired"),
  }),
  defineFinding({
    id: "certificate_not_trusted",
    label: "The site's certificate is not trusted or does not match the host",
    criticality: "high",
    confidence: "medium",
    category: "transport",
    phase: null,
    description: "The certificate did not verify: it is not issued by a trusted authority, names another host, or was revoked.",
    caveats: [PROBE, "Deployments that trust extra certificate authorities (extraCaCerts) judge trust with those too."],
    nextSteps: ["Use a certificate from a publicly trusted authority that names every host the site is served under."],
    select: (evidence) => named(evidence, "certificate", "certificate_not_trusted"),
  }),
  defineFinding({
    id: "certificate_expires_soon",
    label: "The site's certificate expires within two weeks",
    criticality: "medium",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The certificate the site presented expires within 14 days.",
    caveats: [PROBE, "An automated renewal may already be scheduled."],
    nextSteps: ["Check that the certificate's renewal is automated and working."],
    select: (evidence) => named(evidence, "certificate", "certificate_expiring_soon"),
  }),
  defineFinding({
    id: "http_not_redirected_to_https",
    label: "Plain HTTP is served without a redirect to HTTPS",
    criticality: "medium",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The site answered a plain-HTTP request with a page instead of redirecting to its HTTPS address.",
    caveats: [PROBE],
    nextSteps: ["Redirect every plain-HTTP request to HTTPS (301 or 308), then add HSTS."],
    select: (evidence) => named(evidence, "response_header", "http_not_redirected_to_https"),
  }),
  defineFinding({
    id: "mixed_content_loaded",
    label: "Insecure content loaded on an HTTPS page",
    criticality: "medium",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The HTTPS page loaded resources over plain HTTP, which others on the network can read or change.",
    caveats: ["Observed in one automated visit; other pages of the site may differ."],
    nextSteps: ["Load these resources over HTTPS, or upgrade them with the upgrade-insecure-requests directive."],
    select: (evidence) => named(evidence, "page_element", "mixed_content_loaded"),
  }),
  defineFinding({
    id: "referrer_policy_leaks_full_urls",
    label: "The referrer policy sends full page addresses to other sites",
    criticality: "medium",
    confidence: "high",
    category: "transport",
    phase: null,
    description:
      "The page's Referrer-Policy (unsafe-url or no-referrer-when-downgrade) lets browsers send the full address of the page, query string included, to third parties it loads.",
    caveats: ["Individual links and elements can still set a stricter policy."],
    nextSteps: ["Use strict-origin-when-cross-origin (the browsers' default) or a stricter policy."],
    select: (evidence) =>
      evidence.filter((record) => record.kind === "response_header" && (record.name ?? "").startsWith("referrer_policy_")),
  }),
  defineFinding({
    id: "hsts_missing",
    label: "HTTPS is not enforced with HSTS",
    criticality: "low",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The HTTPS page had no valid Strict-Transport-Security header, so browsers may still try plain HTTP first.",
    caveats: [PROBE],
    nextSteps: ["Send Strict-Transport-Security with a max-age of at least a year once every subdomain serves HTTPS."],
    select: (evidence) => named(evidence, "response_header", "hsts_missing"),
  }),
  defineFinding({
    id: "cookies_without_secure",
    label: "Cookies without the Secure attribute on an HTTPS site",
    criticality: "low",
    confidence: "high",
    category: "transport",
    phase: "pre_consent",
    description: "Cookies were set without the Secure attribute, so browsers would also send them over plain HTTP.",
    caveats: ["Observed before consent in one automated visit."],
    nextSteps: ["Set the Secure attribute on every cookie of an HTTPS site."],
    // Only where the page was seen over HTTPS: on a plain-HTTP page every cookie travels in the clear anyway.
    select: (evidence) =>
      named(evidence, "certificate", "served_over_https").length === 0
        ? []
        : evidence.filter((record) => record.kind === "cookie" && record.phase === "pre_consent" && record.secure === false),
  }),
  defineFinding({
    id: "hsts_short_max_age",
    label: "HSTS is set for less than 180 days",
    criticality: "info",
    confidence: "high",
    category: "transport",
    phase: null,
    description: "The Strict-Transport-Security max-age is shorter than 180 days.",
    caveats: [PROBE],
    nextSteps: ["Consider a max-age of a year or more."],
    select: (evidence) => named(evidence, "response_header", "hsts_short_max_age"),
  }),
];
