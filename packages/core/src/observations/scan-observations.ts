import { z } from "zod";
import { DateTimeSchema } from "../contract/primitives.js";
import { CollectorReportSchema } from "./collector-report.js";
import { ConsentObservationSchema, TcfAnswerSchema } from "./consent-observation.js";
import { GppAnswerSchema, UspAnswerSchema } from "./gpp-observation.js";
import { EVIDENCE_PHASES, EvidencePhaseSchema } from "../contract/states.js";
import { ConsentActionsSchema, NextPageVisitSchema, PhaseRunSchema } from "./phase-observation.js";
import { CookieObservationSchema } from "./cookie-observation.js";
import { FrameObservationSchema } from "./frame-observation.js";
import { NavigationObservationSchema } from "./navigation-observation.js";
import { ObservedHostSchema, SafeUrlSchema } from "./observation-primitives.js";
import { RequestObservationSchema } from "./request-observation.js";
import { StorageObservationSchema } from "./storage-observation.js";
import { TransportObservationSchema } from "./transport-observation.js";
import { PrivacyPolicyObservationSchema } from "./privacy-policy-observation.js";
import { UsPrivacyObservationSchema } from "./us-privacy-observation.js";
import { VisitTimesSchema } from "./visit-times.js";
import { ConsentModeObservationSchema } from "./google-consent-observation.js";

/** Bounds that keep one scan's observations small whatever the page does; what is cut is counted. */
export const OBSERVATION_LIMITS = { cookies: 2000, storage: 2000, requests: 5000, frames: 500 } as const;

/**
 * Everything the Scanner port returns for one scan: typed, minimised facts that the projection turns into
 * evidence, findings and the score. Validated at the port, so an adapter cannot pass a value through.
 */
export const ScanObservationsSchema = z.object({
  schemaVersion: z.literal(1),
  scanner: z.object({
    name: z.string().max(60),
    version: z.string().max(40),
    browserVersion: z.string().max(80).nullable(),
    /** Versions of the classification data used, for reproducibility. */
    data: z.record(z.string().max(60), z.string().max(80)),
  }),
  target: z.object({ url: SafeUrlSchema, host: ObservedHostSchema, registrableDomain: z.string().max(253).nullable() }),
  startedAt: DateTimeSchema,
  completedAt: DateTimeSchema,
  navigation: NavigationObservationSchema,
  cookies: z.array(CookieObservationSchema).max(OBSERVATION_LIMITS.cookies),
  storage: z.array(StorageObservationSchema).max(OBSERVATION_LIMITS.storage),
  requests: z.array(RequestObservationSchema).max(OBSERVATION_LIMITS.requests),
  frames: z.array(FrameObservationSchema).max(OBSERVATION_LIMITS.frames),
  /** The consent banner before consent. Optional: observations stored before it existed have none. */
  consent: ConsentObservationSchema.optional(),
  /**
   * The phases the scan ran, in order, with why any did not. Optional: observations of scans before phases
   * existed have only pre-consent evidence and none of these.
   */
  phases: z.array(PhaseRunSchema).max(EVIDENCE_PHASES.length).optional(),
  /** What the banner's reject and accept options did. Optional like `phases`. */
  consentActions: ConsentActionsSchema.optional(),
  /** Transport security (TLS, HSTS, redirects, mixed content, privacy headers). Optional: older scans have none. */
  transport: TransportObservationSchema.optional(),
  /** The privacy policy: link, fetch, language, GDPR disclosures, vendors it does not name. Optional: older scans have none. */
  privacyPolicy: PrivacyPolicyObservationSchema.optional(),
  /** CCPA/CPRA signals: opt-out links and icon, notice at collection, gpc.json, the GPC pass. Optional like `privacyPolicy`. */
  usPrivacy: UsPrivacyObservationSchema.optional(),
  /**
   * What the pages tried that a visitor would have had to answer: dialogs (dismissed by the scanner) and
   * windows opened past the popup blocker (closed at once), over all of the scan's contexts. Optional:
   * older scans have none.
   */
  pageBehaviour: z.object({ dialogsDismissed: z.int().min(0), popupsClosed: z.int().min(0) }).optional(),
  /** When the banner showed, the snapshots were taken and reject was used in the scan's own visit. Optional: older scans have none. */
  visitTimes: VisitTimesSchema.optional(),
  /** The Google Consent Mode commands in the page's dataLayer at each phase's snapshot. Optional: older scans have none. */
  consentMode: ConsentModeObservationSchema.optional(),
  /**
   * What `__tcfapi('getTCData')` answered at each later phase's snapshot, on a page whose first visit had the
   * TCF API (the first visit's answer is `consent.tcf`). A phase not listed was not asked or did not run.
   * Optional: older scans have none.
   */
  tcfPhases: z
    .array(z.object({ phase: EvidencePhaseSchema, tcf: TcfAnswerSchema }))
    .max(6)
    .optional(),
  /**
   * What `__gpp('ping')` and `__uspapi('getUSPData')` answered at each later phase's snapshot (the GPC visit's
   * included), on a page whose first visit had either API (the first visit's answers are `consent.gpp` and
   * `consent.usp`). A phase not listed was not asked or did not run. Optional: older scans have none.
   */
  gppPhases: z
    .array(z.object({ phase: EvidencePhaseSchema, gpp: GppAnswerSchema.nullable(), usp: UspAnswerSchema.nullable() }))
    .max(6)
    .optional(),
  /** The second pages the next-page phases opened, and whether the banner came back. Optional: older scans have none. */
  nextPages: z.array(NextPageVisitSchema).max(2).optional(),
  collectors: z.array(CollectorReportSchema).max(50),
  /** Items dropped because a bound was reached, per list. */
  truncated: z.object({ cookies: z.int().min(0), storage: z.int().min(0), requests: z.int().min(0), frames: z.int().min(0) }),
});
export type ScanObservations = z.infer<typeof ScanObservationsSchema>;
