import { flag, record, text } from "./ground-truth-fields.js";

/**
 * What a site's transport looks like to a scan with the fixture CA trusted (`extraCaCerts`), in the
 * scanner's terms (`TransportObservation` in @public-scan/core). Written for the site's own `url`.
 */
export interface TransportGroundTruth {
  /** Scheme of the final document; null when the browser reaches none. */
  finalScheme: "https" | "http" | null;
  /** A TLS handshake on the host completes (whatever the certificate). */
  httpsAvailable: boolean;
  httpAvailable: boolean;
  /** Plain HTTP ends in a redirect to https. */
  httpRedirectsToHttps: boolean;
  /** The browser refuses the page for its certificate (the navigation fails). */
  browserRefusesCertificate: boolean;
  /** The final HTTPS document's HSTS header; null when there is no HTTPS document. */
  hsts: { present: boolean; valid: boolean; maxAgeSeconds: number | null; includeSubDomains: boolean; preload: boolean } | null;
  /** The certificate as the Node-side probe sees it (and the browser, where it loads the page); null without TLS. */
  certificate: {
    expired: boolean;
    /** Whole days left, truncated towards zero (negative once expired). */
    daysToExpiry: number;
    subjectMatchesHost: boolean;
    /** Node's verdict with the fixture CA trusted: null when valid, else its code (`CERT_HAS_EXPIRED`). */
    authorizationError: string | null;
  } | null;
  /** Distinct http: subresources of the HTTPS page by what the browser does; null for an HTTP page. */
  mixedContent: { blocked: number; upgraded: number; allowed: number } | null;
  /** Stored cookies without Secure after the visit of an HTTPS page; null for an HTTP page or none reached. */
  cookiesWithoutSecure: number | null;
  /** Of the final document; null when there is none. */
  privacyHeaders: { referrerPolicy: string | null; permissionsPolicy: boolean; csp: boolean; cspReportOnly: boolean } | null;
}

/** Checks the `transport` key of a ground-truth file, strictly like the rest of it. */
export function parseTransportGroundTruth(value: unknown): TransportGroundTruth {
  const where = "$.transport";
  const root = record(value, where, [
    "finalScheme",
    "httpsAvailable",
    "httpAvailable",
    "httpRedirectsToHttps",
    "browserRefusesCertificate",
    "hsts",
    "certificate",
    "mixedContent",
    "cookiesWithoutSecure",
    "privacyHeaders",
  ]);
  const finalScheme = root.finalScheme;
  if (finalScheme !== null && finalScheme !== "https" && finalScheme !== "http")
    throw new Error(`${where}.finalScheme: expected https, http or null`);
  return {
    finalScheme,
    httpsAvailable: flag(root.httpsAvailable, `${where}.httpsAvailable`),
    httpAvailable: flag(root.httpAvailable, `${where}.httpAvailable`),
    httpRedirectsToHttps: flag(root.httpRedirectsToHttps, `${where}.httpRedirectsToHttps`),
    browserRefusesCertificate: flag(root.browserRefusesCertificate, `${where}.browserRefusesCertificate`),
    hsts: nullable(root.hsts, (hsts) => {
      const at = `${where}.hsts`;
      const fields = record(hsts, at, ["present", "valid", "maxAgeSeconds", "includeSubDomains", "preload"]);
      return {
        present: flag(fields.present, `${at}.present`),
        valid: flag(fields.valid, `${at}.valid`),
        maxAgeSeconds: nullable(fields.maxAgeSeconds, (seconds) => count(seconds, `${at}.maxAgeSeconds`)),
        includeSubDomains: flag(fields.includeSubDomains, `${at}.includeSubDomains`),
        preload: flag(fields.preload, `${at}.preload`),
      };
    }),
    certificate: nullable(root.certificate, (certificate) => {
      const at = `${where}.certificate`;
      const fields = record(certificate, at, ["expired", "daysToExpiry", "subjectMatchesHost", "authorizationError"]);
      if (!Number.isInteger(fields.daysToExpiry)) throw new Error(`${at}.daysToExpiry: expected a whole number`);
      return {
        expired: flag(fields.expired, `${at}.expired`),
        daysToExpiry: fields.daysToExpiry as number,
        subjectMatchesHost: flag(fields.subjectMatchesHost, `${at}.subjectMatchesHost`),
        authorizationError: nullable(fields.authorizationError, (code) => text(code, `${at}.authorizationError`)),
      };
    }),
    mixedContent: nullable(root.mixedContent, (mixed) => {
      const at = `${where}.mixedContent`;
      const fields = record(mixed, at, ["blocked", "upgraded", "allowed"]);
      return {
        blocked: count(fields.blocked, `${at}.blocked`),
        upgraded: count(fields.upgraded, `${at}.upgraded`),
        allowed: count(fields.allowed, `${at}.allowed`),
      };
    }),
    cookiesWithoutSecure: nullable(root.cookiesWithoutSecure, (cookies) => count(cookies, `${where}.cookiesWithoutSecure`)),
    privacyHeaders: nullable(root.privacyHeaders, (headers) => {
      const at = `${where}.privacyHeaders`;
      const fields = record(headers, at, ["referrerPolicy", "permissionsPolicy", "csp", "cspReportOnly"]);
      return {
        referrerPolicy: nullable(fields.referrerPolicy, (policy) => text(policy, `${at}.referrerPolicy`)),
        permissionsPolicy: flag(fields.permissionsPolicy, `${at}.permissionsPolicy`),
        csp: flag(fields.csp, `${at}.csp`),
        cspReportOnly: flag(fields.cspReportOnly, `${at}.cspReportOnly`),
      };
    }),
  };
}

function nullable<T>(value: unknown, parse: (value: unknown) => T): T | null {
  return value === null ? null : parse(value);
}

function count(value: unknown, where: string): number {
  if (!Number.isInteger(value) || (value as number) < 0) throw new Error(`${where}: expected a whole number, at least 0`);
  return value as number;
}
