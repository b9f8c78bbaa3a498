import { z } from "zod";
import { ObservedHostSchema } from "./observation-primitives.js";

const ReasonCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/)
  .nullable();

/**
 * How one step of the privacy-policy check fared. `skipped`: there was nothing to do (no link to fetch, no
 * text to analyse, or no page to look at). A step that did not run is never read as "nothing found".
 */
export const PolicyStepStatusSchema = z.enum(["ok", "failed", "timed_out", "skipped"]);
export type PolicyStepStatus = z.infer<typeof PolicyStepStatusSchema>;

/**
 * Where the policy link was found: in the page footer, in the consent banner, elsewhere in the page body,
 * or (no link in the page) at a common path such as `/privacy-policy` or `/datenschutz`; `none` when
 * discovery ran and found nothing.
 */
export const PolicyLinkSourceSchema = z.enum(["footer", "banner", "body", "common_path", "none"]);
export type PolicyLinkSource = z.infer<typeof PolicyLinkSourceSchema>;

/**
 * What fetching the policy page gave:
 * - `ok`: an HTML page with readable text (analysed);
 * - `not_found`: HTTP 404 or 410;
 * - `unreachable`: the connection failed or the server answered with another error status;
 * - `refused`: the egress guard did not let the browser connect (the link points at a non-public address);
 * - `timed_out`: the page did not load within the policy's time budget;
 * - `not_html`: a document of another type (a PDF, for example), which is not analysed;
 * - `empty`: an HTML page with too little text to analyse (a script-rendered page that did not render);
 * - `skipped`: not fetched (no link was found, or the scanned page itself was not observed).
 * Anything but `ok` after a link was found means the policy's content is not observed: coverage, never absence.
 */
export const PolicyFetchStatusSchema = z.enum(["ok", "not_found", "unreachable", "refused", "timed_out", "not_html", "empty", "skipped"]);
export type PolicyFetchStatus = z.infer<typeof PolicyFetchStatusSchema>;

/** The length of the policy's visible text, in characters, as a bucket (the text itself is never kept). */
export const PolicyTextLengthSchema = z.enum(["under_1k", "1k_to_5k", "5k_to_20k", "over_20k"]);
export type PolicyTextLength = z.infer<typeof PolicyTextLengthSchema>;

/**
 * The GDPR Art. 13/14 disclosures looked for in the policy's text, each `true` (observed: wording specific
 * to that disclosure was found) or `false` (not observed). An automated reading of the text: never a
 * statement that the policy is or is not compliant.
 */
export const PolicyDisclosuresSchema = z.object({
  /** The controller's identity together with a way to contact it (an e-mail address or a contact route). */
  controllerContact: z.boolean(),
  /** A data protection officer. */
  dataProtectionOfficer: z.boolean(),
  /** The purposes of the processing. */
  purposes: z.boolean(),
  /** The legal bases (Art. 6 GDPR, consent, contract, legitimate interests, ...). */
  legalBases: z.boolean(),
  /** Recipients or categories of recipients (processors, third parties the data is shared with). */
  recipients: z.boolean(),
  /** Transfers to third countries or outside the EU/EEA, and their safeguards. */
  internationalTransfers: z.boolean(),
  /** How long data is kept, or the criteria for it. */
  retention: z.boolean(),
  /** The data-subject rights (access, rectification, erasure, portability, objection, ...). */
  dataSubjectRights: z.boolean(),
  /** The right to withdraw consent at any time. */
  withdrawConsent: z.boolean(),
  /** The right to lodge a complaint with a supervisory authority. */
  complaintToAuthority: z.boolean(),
  /** A section about cookies and similar technologies. */
  cookies: z.boolean(),
  /** Automated decision-making, including profiling. */
  automatedDecisions: z.boolean(),
});
export type PolicyDisclosures = z.infer<typeof PolicyDisclosuresSchema>;

/** An ISO 639-1 code (`de`) where one exists, else ISO 639-3 (`fil`). */
export const LanguageCodeSchema = z.string().regex(/^[a-z]{2,3}$/);

/**
 * The site's privacy policy as the scanner found and read it, after the pre-consent snapshot and in a
 * separate browser context behind the same egress guard, so the visit never adds to the scan's evidence.
 * Minimised: the policy's host but not its URL, a length bucket but not its text, booleans per
 * disclosure, and only the names of vendors (from the scan's own classification) that the text does not name.
 */
export const PrivacyPolicyObservationSchema = z.object({
  /** Each step, so coverage can tell which evidence is missing. */
  steps: z.object({
    /** Looking for the policy link in the scanned page (footer, banner, body), then at common paths. */
    discovery: PolicyStepStatusSchema,
    /** Loading the policy page. */
    fetch: PolicyStepStatusSchema,
    /** Reading its text: language, disclosures, vendor cross-check. */
    analysis: PolicyStepStatusSchema,
  }),
  /** Why a step did not complete (`collector_timeout`, `main_frame_not_read`, `policy_not_found`, ...); null when all ran. */
  reason: ReasonCode,
  link: z.object({
    foundIn: PolicyLinkSourceSchema,
    /** The host the policy was served from (after redirects); null without a link. Never the path or the URL. */
    host: ObservedHostSchema.nullable(),
    /** Whether that host belongs to the scanned site (same registrable domain); null without a link. */
    sameSite: z.boolean().nullable(),
  }),
  fetchStatus: PolicyFetchStatusSchema,
  /** HTTP status of the policy page; null when no response arrived. */
  httpStatus: z.int().min(100).max(599).nullable(),
  /** The text's language as detected (franc-min); null when not analysed or undetermined. */
  language: LanguageCodeSchema.nullable(),
  /** The language the page declares (`<html lang>`, primary subtag); null when none or not fetched. */
  declaredLanguage: LanguageCodeSchema.nullable(),
  textLength: PolicyTextLengthSchema.nullable(),
  /** Null unless `fetchStatus` is `ok`: nothing that was not read reads as "not observed". */
  disclosures: PolicyDisclosuresSchema.nullable(),
  /**
   * Vendors the scan observed on the site (tracker requests, cookies and storage classified with a vendor,
   * in every phase that ran) whose name (or a known brand of theirs) the policy text does not contain.
   * Null unless `fetchStatus` is `ok`.
   */
  vendorsNotNamed: z.array(z.string().min(1).max(120)).max(100).nullable(),
  /** How many observed vendors were checked against the text; null unless `fetchStatus` is `ok`. */
  vendorsChecked: z.int().min(0).max(1000).nullable(),
});
export type PrivacyPolicyObservation = z.infer<typeof PrivacyPolicyObservationSchema>;
