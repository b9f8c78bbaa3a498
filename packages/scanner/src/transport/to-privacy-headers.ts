import type { PrivacyHeaders } from "@public-scan/core";
import { lowerCaseHeaders } from "./lower-case-headers.js";
import { parseReferrerPolicy } from "./parse-referrer-policy.js";

/**
 * The privacy-relevant response headers of a document, as presence and tokens: the effective
 * Referrer-Policy, and whether Permissions-Policy, an enforced CSP and a report-only CSP are set (a header
 * that is empty sets nothing). Header names are matched case-insensitively; the values are dropped.
 */
export function toPrivacyHeaders(headers: Readonly<Record<string, string>>): PrivacyHeaders {
  const lower = lowerCaseHeaders(headers);
  const present = (name: string) => (lower.get(name)?.trim() ?? "") !== "";
  return {
    referrerPolicy: parseReferrerPolicy(lower.get("referrer-policy")),
    permissionsPolicy: present("permissions-policy"),
    csp: present("content-security-policy"),
    cspReportOnly: present("content-security-policy-report-only"),
  };
}
