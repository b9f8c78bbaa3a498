import { z } from "zod";
import { DateTimeSchema } from "../contract/primitives.js";
import { ObservedHostSchema } from "./observation-primitives.js";
import { ResourceTypeSchema } from "./request-observation.js";

const ReasonCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/)
  .nullable();

/**
 * How one transport step fared. `refused`: the egress guard did not let the probe connect (the target is
 * not public); `skipped`: there was nothing to look at (for example no document to read headers from).
 * A step that did not run is never read as "nothing found".
 */
export const TransportStepStatusSchema = z.enum(["ok", "failed", "timed_out", "refused", "skipped"]);
export type TransportStepStatus = z.infer<typeof TransportStepStatusSchema>;

export const TransportStepSchema = z.object({ status: TransportStepStatusSchema, reason: ReasonCode });
export type TransportStep = z.infer<typeof TransportStepSchema>;

/** The protocol of a connection, in Chromium's spelling (`TLS 1.3`); Node's `TLSv1.3` is written the same way. */
export const TlsProtocolSchema = z.enum(["TLS 1.3", "TLS 1.2", "TLS 1.1", "TLS 1.0", "SSL 3.0", "QUIC", "other"]);
export type TlsProtocol = z.infer<typeof TlsProtocolSchema>;

/** The Referrer-Policy tokens of the standard; `other` is a header with none of them. */
export const ReferrerPolicyValueSchema = z.enum([
  "no-referrer",
  "no-referrer-when-downgrade",
  "origin",
  "origin-when-cross-origin",
  "same-origin",
  "strict-origin",
  "strict-origin-when-cross-origin",
  "unsafe-url",
  "other",
]);
export type ReferrerPolicyValue = z.infer<typeof ReferrerPolicyValueSchema>;

/**
 * A server certificate, reduced to what a reviewer needs: validity, the issuer's name (a CA's name, never
 * a person's data), whether it names the host, and the connection's protocol and cipher.
 */
export const CertificateSummarySchema = z.object({
  validFrom: DateTimeSchema,
  validTo: DateTimeSchema,
  /** Whole days until `validTo`, truncated towards zero: negative once expired (whole days since). */
  daysToExpiry: z.int().min(-100_000).max(100_000),
  expired: z.boolean(),
  notYetValid: z.boolean(),
  /** The issuer's organisation (O), else its common name; from the browser, Chromium's issuer display name (CN first). */
  issuer: z.string().max(64).nullable(),
  /** The certificate names the host (SAN, wildcards as TLS clients match them). */
  subjectMatchesHost: z.boolean(),
  protocol: TlsProtocolSchema.nullable(),
  /** The cipher as the source names it: Chromium `AES_128_GCM`, OpenSSL `TLS_AES_128_GCM_SHA256`. */
  cipher: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,80}$/)
    .nullable(),
});
export type CertificateSummary = z.infer<typeof CertificateSummarySchema>;

/** The probe's view of the certificate, plus Node's verdict with the scan's trust anchors (system + `extraCaCerts`). */
export const ProbeCertificateSchema = CertificateSummarySchema.extend({
  authorized: z.boolean(),
  /** OpenSSL's or Node's code when not authorized: `CERT_HAS_EXPIRED`, `ERR_TLS_CERT_ALTNAME_INVALID`, `UNABLE_TO_GET_ISSUER_CERT_LOCALLY`, … */
  authorizationError: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/)
    .nullable(),
});
export type ProbeCertificate = z.infer<typeof ProbeCertificateSchema>;

/** The Strict-Transport-Security header of the main document, parsed as RFC 6797 says. */
export const HstsSchema = z.object({
  present: z.boolean(),
  /** A header with one valid `max-age` and no repeated directive; browsers ignore an invalid one. */
  valid: z.boolean(),
  maxAgeSeconds: z.int().min(0).nullable(),
  includeSubDomains: z.boolean(),
  /** The `preload` directive (the HSTS preload list's convention, not part of the RFC). */
  preload: z.boolean(),
});
export type Hsts = z.infer<typeof HstsSchema>;

/** Response headers of the main document that govern what leaks to third parties. Presence and tokens, never values. */
export const PrivacyHeadersSchema = z.object({
  /** The effective policy (the last token browsers know wins); null without the header. */
  referrerPolicy: ReferrerPolicyValueSchema.nullable(),
  permissionsPolicy: z.boolean(),
  /** An enforced Content-Security-Policy header. */
  csp: z.boolean(),
  cspReportOnly: z.boolean(),
});
export type PrivacyHeaders = z.infer<typeof PrivacyHeadersSchema>;

/** Insecure (http:) subresources of an HTTPS page, by what the browser did: counted per distinct URL, kept by host. */
export const MixedContentSchema = z.object({
  blocked: z.int().min(0),
  /** Rewritten to https by the browser (images, audio, video). */
  upgraded: z.int().min(0),
  /** Loaded over plain HTTP. */
  allowed: z.int().min(0),
  items: z
    .array(
      z.object({
        host: ObservedHostSchema,
        resourceType: ResourceTypeSchema,
        resolution: z.enum(["blocked", "upgraded", "allowed"]),
        count: z.int().min(1),
      }),
    )
    .max(50),
});
export type MixedContent = z.infer<typeof MixedContentSchema>;

/** Why the browser refused the main document's certificate (from its net error). */
export const BrowserCertificateErrorSchema = z.enum(["date_invalid", "authority_invalid", "common_name_invalid", "revoked", "other"]);
export type BrowserCertificateError = z.infer<typeof BrowserCertificateErrorSchema>;

/**
 * Transport security of the scanned site, from two sources: the browser's visit (the main document's TLS
 * security details and headers, mixed-content issues) and a Node-side probe of the target host (a TLS
 * handshake on 443 and an HTTP request on 80, both through the egress guard, without cookies). Every
 * field that could not be observed is null, and `steps` says why: a null is never "absent".
 */
export const TransportObservationSchema = z.object({
  /**
   * `ok`: every step ran (or had nothing to look at); `partial`: some step failed, timed out or was refused;
   * `failed`: no step observed anything, and `reason` is the first broken step's reason.
   */
  status: z.enum(["ok", "partial", "failed"]),
  reason: ReasonCode,
  steps: z.object({
    /** The TLS handshake to the target host (port 443 unless the URL names one). */
    tlsProbe: TransportStepSchema,
    /** The plain-HTTP request to the target host (port 80 unless the URL names one), redirects followed by hand. */
    httpProbe: TransportStepSchema,
    /** The main document as the browser received it. */
    browser: TransportStepSchema,
  }),
  /** The host the probe visited: the target URL's host. */
  host: ObservedHostSchema,
  /** Scheme of the final main document; null when the navigation reached none. */
  finalScheme: z.enum(["https", "http"]).nullable(),
  /** A TLS handshake completed (whatever the certificate); false: refused, reset or no TLS; null: could not tell. */
  httpsAvailable: z.boolean().nullable(),
  /** The host answered plain HTTP; null: could not tell. */
  httpAvailable: z.boolean().nullable(),
  /** Plain HTTP ends in a redirect to https (within 5 hops); null without an HTTP answer. */
  httpRedirectsToHttps: z.boolean().nullable(),
  /** The browser refused the main document for its certificate; null when it did not. */
  browserCertificateError: BrowserCertificateErrorSchema.nullable(),
  /** Of the final HTTPS document; null when there is none (HTTP page, failed navigation). */
  hsts: HstsSchema.nullable(),
  certificate: z.object({
    /** From the browser's security details of the final main document; null unless it was HTTPS and loaded. */
    browser: CertificateSummarySchema.nullable(),
    /** From the Node-side probe; null when the handshake did not complete. */
    probe: ProbeCertificateSchema.nullable(),
  }),
  /** Null unless the final document is HTTPS and the browser step ran. */
  mixedContent: MixedContentSchema.nullable(),
  /** Stored cookies without `Secure` after the visit of an HTTPS page (names are in `cookies`); null otherwise. */
  cookiesWithoutSecure: z.int().min(0).nullable(),
  /** Of the final main document; null when the browser got none. */
  privacyHeaders: PrivacyHeadersSchema.nullable(),
});
export type TransportObservation = z.infer<typeof TransportObservationSchema>;
