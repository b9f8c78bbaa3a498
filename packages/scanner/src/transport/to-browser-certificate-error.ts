import type { BrowserCertificateError } from "@public-scan/core";

const ERRORS: Readonly<Record<string, BrowserCertificateError>> = {
  ERR_CERT_DATE_INVALID: "date_invalid",
  ERR_CERT_AUTHORITY_INVALID: "authority_invalid",
  ERR_CERT_COMMON_NAME_INVALID: "common_name_invalid",
  ERR_CERT_REVOKED: "revoked",
};

/**
 * The kind of certificate error in a Chromium net error (`net::ERR_CERT_DATE_INVALID`); null for errors
 * that are not about the certificate. Chromium names one error per failure, the most serious it found: an
 * expired certificate from an unknown CA is `authority_invalid`.
 */
export function toBrowserCertificateError(errorText: string | null | undefined): BrowserCertificateError | null {
  const code = /\b(ERR_(?:CERT_[A-Z_]+|SSL_PINNED_KEY_NOT_IN_CERT_CHAIN))\b/.exec(errorText ?? "")?.[1];
  if (code === undefined) return null;
  return ERRORS[code] ?? "other";
}
