import { type PrivacyHeaders, type ReferrerPolicyValue, ReferrerPolicyValueSchema } from "@public-scan/core";

/** Header names in lower case; lines of a header sent twice under different spellings are joined by a newline, as CDP does. */
export function lowerCaseHeaders(headers: Readonly<Record<string, string>>): Map<string, string> {
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const previous = lower.get(key);
    lower.set(key, previous === undefined ? value : `${previous}\n${value}`);
  }
  return lower;
}

/** The spec's tokens, from the observation schema (one list); `other` is the schema's word for none of them. */
const POLICIES: ReadonlySet<string> = new Set<ReferrerPolicyValue>(ReferrerPolicyValueSchema.options.filter((value) => value !== "other"));

/**
 * The policy a Referrer-Policy header sets, as the Referrer Policy spec parses it: a comma-separated list
 * (several header lines count as one list), where the LAST token the browser knows wins, so sites can list
 * a fallback before a newer policy. Tokens compare case-insensitively, as Chromium does. A header with no
 * known token is `other`; no header is null.
 */
export function parseReferrerPolicy(value: string | null | undefined): ReferrerPolicyValue | null {
  if (value === null || value === undefined) return null;
  let policy: ReferrerPolicyValue = "other";
  for (const token of value.split(/[,\n]/)) {
    const normalized = token.trim().toLowerCase();
    if (POLICIES.has(normalized)) policy = normalized as ReferrerPolicyValue;
  }
  return policy;
}

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
