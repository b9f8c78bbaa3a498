import type { FindingDefinition } from "./finding-definition.js";
import { CONSENT_FINDINGS } from "./consent-findings.js";
import { PRE_CONSENT_FINDINGS } from "./pre-consent-findings.js";

/**
 * Every finding the service can report. Each signal family adds its definitions here (transport, privacy
 * policy and further US-law signals follow with their collectors).
 */
export const FINDING_CATALOGUE: readonly FindingDefinition[] = [...PRE_CONSENT_FINDINGS, ...CONSENT_FINDINGS];
