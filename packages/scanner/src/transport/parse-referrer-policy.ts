import { ReferrerPolicyValueSchema, type ReferrerPolicyValue } from "@public-scan/core";

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
