import { z } from "zod";
import { EVIDENCE_PHASES, EvidencePhaseSchema } from "../contract/states.js";

/** Google Consent Mode v2's four signals, in the order Google's `gcd` parameter carries them. */
export const GOOGLE_CONSENT_SIGNALS = ["adStorage", "analyticsStorage", "adUserData", "adPersonalization"] as const;
export type GoogleConsentSignal = (typeof GOOGLE_CONSENT_SIGNALS)[number];

/** A signal's state when a hit was sent: `not_set` when the page gave neither a default nor an update. */
export const ConsentModeStateSchema = z.enum(["granted", "denied", "not_set"]);
export type ConsentModeState = z.infer<typeof ConsentModeStateSchema>;

/**
 * What a Google measurement hit (GA4, Google Ads, Floodlight) said of consent, decoded from its `gcs` and
 * `gcd` parameters when it was sent; the parameters themselves are not kept. `consentMode`: the hit carried
 * `gcs`, or a `gcd` with some signal set (a page without consent mode sends `gcd` with every signal unset).
 */
export const GoogleConsentSchema = z.object({
  consentMode: z.boolean(),
  adStorage: ConsentModeStateSchema,
  analyticsStorage: ConsentModeStateSchema,
  adUserData: ConsentModeStateSchema,
  adPersonalization: ConsentModeStateSchema,
});
export type GoogleConsent = z.infer<typeof GoogleConsentSchema>;

const Declared = z.enum(["granted", "denied"]).nullable();

/**
 * One `gtag('consent', 'default' | 'update', {...})` command the page had pushed to its dataLayer by a
 * phase's snapshot: each signal it set (null: not set by this command), the regions a default is limited to
 * (ISO 3166 codes; empty: everywhere) and its `wait_for_update`.
 */
export const ConsentModeCommandSchema = z.object({
  phase: EvidencePhaseSchema,
  command: z.enum(["default", "update"]),
  adStorage: Declared,
  analyticsStorage: Declared,
  adUserData: Declared,
  adPersonalization: Declared,
  regions: z.array(z.string().regex(/^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/)).max(300),
  waitForUpdateMs: z.int().min(0).max(600_000).nullable(),
});
export type ConsentModeCommand = z.infer<typeof ConsentModeCommandSchema>;

/** Commands kept per phase: a page that pushes more is cut, and the cut counted. */
export const CONSENT_MODE_COMMANDS_PER_PHASE = 20;

/**
 * The consent-mode commands of each phase whose dataLayer was read (`phasesRead`: a phase not listed was not
 * read, so its missing commands prove nothing), in the order the page pushed them.
 */
export const ConsentModeObservationSchema = z.object({
  phasesRead: z.array(EvidencePhaseSchema).max(EVIDENCE_PHASES.length),
  commands: z.array(ConsentModeCommandSchema).max(CONSENT_MODE_COMMANDS_PER_PHASE * EVIDENCE_PHASES.length),
  /** Commands past the per-phase bound. */
  truncated: z.int().min(0),
});
export type ConsentModeObservation = z.infer<typeof ConsentModeObservationSchema>;
