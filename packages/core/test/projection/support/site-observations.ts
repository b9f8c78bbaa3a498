import type { PrivacyPolicyObservation } from "../../../src/observations/privacy-policy-observation.js";
import type { TransportObservation } from "../../../src/observations/transport-observation.js";
import type { UsPrivacyObservation } from "../../../src/observations/us-privacy-observation.js";

/** Observations of a well-configured site, one area each, for tests to break one field at a time. */
export const certificate = (days: number) => ({
  validFrom: "2026-01-01T00:00:00.000Z",
  validTo: "2027-01-01T00:00:00.000Z",
  daysToExpiry: days,
  expired: days < 0,
  notYetValid: false,
  issuer: "Fixture CA",
  subjectMatchesHost: true,
  protocol: "TLS 1.3" as const,
  cipher: "AES_128_GCM",
});
export const OK = { status: "ok" as const, reason: null };

export function transport(overrides: Partial<TransportObservation> = {}): TransportObservation {
  return {
    status: "ok",
    reason: null,
    steps: { tlsProbe: OK, httpProbe: OK, browser: OK },
    host: "www.green-grocer.test",
    finalScheme: "https",
    httpsAvailable: true,
    httpAvailable: true,
    httpRedirectsToHttps: true,
    browserCertificateError: null,
    hsts: { present: true, valid: true, maxAgeSeconds: 31_536_000, includeSubDomains: true, preload: true },
    certificate: { browser: certificate(200), probe: { ...certificate(200), authorized: true, authorizationError: null } },
    mixedContent: { blocked: 0, upgraded: 0, allowed: 0, items: [] },
    cookiesWithoutSecure: 0,
    privacyHeaders: { referrerPolicy: "strict-origin-when-cross-origin", permissionsPolicy: true, csp: true, cspReportOnly: false },
    ...overrides,
  };
}

export const ALL_DISCLOSED = {
  controllerContact: true,
  dataProtectionOfficer: true,
  purposes: true,
  legalBases: true,
  recipients: true,
  internationalTransfers: true,
  retention: true,
  dataSubjectRights: true,
  withdrawConsent: true,
  complaintToAuthority: true,
  cookies: true,
  automatedDecisions: true,
};
export function policy(overrides: Partial<PrivacyPolicyObservation> = {}): PrivacyPolicyObservation {
  return {
    steps: { discovery: "ok", fetch: "ok", analysis: "ok" },
    reason: null,
    link: { foundIn: "footer", host: "www.green-grocer.test", sameSite: true },
    fetchStatus: "ok",
    httpStatus: 200,
    language: "en",
    declaredLanguage: "en",
    textLength: "5k_to_20k",
    disclosures: ALL_DISCLOSED,
    vendorsNotNamed: [],
    vendorsChecked: 2,
    ...overrides,
  };
}

export const usPrivacy = (overrides: Partial<UsPrivacyObservation> = {}): UsPrivacyObservation => ({
  steps: { links: "ok", gpcJson: "ok" },
  reason: null,
  doNotSellOrShareLink: true,
  limitSensitiveLink: false,
  yourPrivacyChoicesLink: true,
  privacyChoicesIcon: true,
  noticeAtCollection: true,
  gpcJson: { status: "found", gpc: true, lastUpdate: true },
  gpcPass: { status: "absent", reason: null, advertisingVendors: null },
  ...overrides,
});
