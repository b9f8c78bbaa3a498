import type { FindingDefinition } from "./finding-definition.js";
import { CONSENT_FINDINGS } from "./consent-findings.js";
import { POLICY_FINDINGS } from "./policy-findings.js";
import { PRE_CONSENT_FINDINGS } from "./pre-consent-findings.js";
import { TRANSPORT_FINDINGS } from "./transport-findings.js";
import { US_PRIVACY_FINDINGS } from "./us-privacy-findings.js";

/**
 * Every finding the service can report, by signal family: before consent, the consent interaction,
 * transport security, the privacy policy, and US-law signals.
 */
export const FINDING_CATALOGUE: readonly FindingDefinition[] = [
  ...PRE_CONSENT_FINDINGS,
  ...CONSENT_FINDINGS,
  ...TRANSPORT_FINDINGS,
  ...POLICY_FINDINGS,
  ...US_PRIVACY_FINDINGS,
];
