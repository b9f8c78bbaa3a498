import type { FindingDefinition } from "./finding-definition.js";
import { PRE_CONSENT_FINDINGS } from "./pre-consent-findings.js";

/**
 * Every finding the service can report. Each signal family adds its definitions here (consent interaction,
 * transport, privacy policy and US-law signals follow with their collectors).
 */
export const FINDING_CATALOGUE: readonly FindingDefinition[] = [...PRE_CONSENT_FINDINGS];
