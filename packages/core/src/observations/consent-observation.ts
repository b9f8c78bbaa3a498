import { z } from "zod";
import { BannerDesignSchema } from "./banner-design-observation.js";
import { ChoiceTogglesSchema } from "./choice-toggles-observation.js";
import { GppAnswerSchema, UspAnswerSchema } from "./gpp-observation.js";
import { TcfSummarySchema } from "./tcf-summary.js";

export { TcfSummarySchema, type TcfSummary } from "./tcf-summary.js";

/**
 * What the first layer of a consent banner offers, judged from its buttons alone:
 * - `accept_and_reject_first_layer`: accepting and refusing are both one click away;
 * - `reject_behind_settings`: accept on the first layer, refusing only through a settings button;
 * - `accept_only`: an accept button and no way to refuse or choose;
 * - `cosmetic_only`: a notice without a choice (at most an "OK"/"Got it" or a close button);
 * - `no_banner_detected`: detection ran and found no visible banner;
 * - `undetermined`: a banner may be there but its first layer could not be read, or detection did not run.
 */
export const ConsentClassificationSchema = z.enum([
  "accept_and_reject_first_layer",
  "reject_behind_settings",
  "accept_only",
  "cosmetic_only",
  "no_banner_detected",
  "undetermined",
]);
export type ConsentClassification = z.infer<typeof ConsentClassificationSchema>;

/** How one detection step fared; a step that did not run is never read as "nothing found". */
export const ConsentStepStatusSchema = z.enum(["ok", "failed", "timed_out", "skipped"]);
export type ConsentStepStatus = z.infer<typeof ConsentStepStatusSchema>;

const ReasonCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/)
  .nullable();

/** A CMP as autoconsent names its rules (`cookieconsent3`, `Klaro`, `Sourcepoint-frame`), or `heuristic`. */
export const CmpNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._()+:-]{0,79}$/);

/** What `__tcfapi('getTCData')` answered at one moment: the TC string decoded, never kept. */
export const TcfAnswerSchema = z.object({
  /** The API called back within the time limit. */
  responded: z.boolean(),
  gdprApplies: z.boolean().nullable(),
  eventStatus: z.enum(["tcloaded", "cmpuishown", "useractioncomplete", "other"]).nullable(),
  /** `decoded`: a TC string was read and decoded; `empty`: no string yet (usual before a choice). */
  tcString: z.enum(["decoded", "empty", "undecodable"]).nullable(),
  decoded: TcfSummarySchema.nullable(),
});
export type TcfAnswer = z.infer<typeof TcfAnswerSchema>;

/**
 * The consent banner as a first-time visitor meets it, found passively (no click, scroll or key press):
 * which CMP (an `@duckduckgo/autoconsent` rule, or the scanner's heuristic detector), whether a banner is
 * visible, where it sits, which choices its first layer offers, and the IAB consent APIs the page exposes.
 * Minimised: no page text, no consent string, no selector; button kinds are booleans.
 */
export const ConsentObservationSchema = z.object({
  /**
   * `ok`: a CMP or a banner was found; `not_detected`: every detection step ran and found none;
   * `timed_out`/`failed`: detection could not complete (`reason` says why), so absence is not shown.
   */
  status: z.enum(["ok", "not_detected", "timed_out", "failed"]),
  reason: ReasonCode,
  /** Each detection step, so coverage can tell which evidence is missing. */
  steps: z.object({
    /** autoconsent's rules, run in every frame. */
    autoconsent: ConsentStepStatusSchema,
    /** The heuristic banner scan of every frame (buttons by label, shadow roots included). */
    bannerScan: ConsentStepStatusSchema,
    /** The probe for `__tcfapi`, `__gpp` and `__uspapi` in the top frame. */
    apiProbe: ConsentStepStatusSchema,
  }),
  /** The autoconsent rule that matched, `heuristic` when only the heuristic detector found a banner, or null. */
  cmp: CmpNameSchema.nullable(),
  detectedBy: z.enum(["autoconsent", "heuristic"]).nullable(),
  bannerVisible: z.boolean(),
  /** Where the visible banner is rendered; null without one. */
  frame: z.enum(["main_frame", "iframe"]).nullable(),
  /** Whether the banner sits inside an (open) shadow root; null when unknown or without a banner. */
  inShadowDom: z.boolean().nullable(),
  /** The kinds of buttons on the banner's first layer; null when it could not be read. */
  firstLayer: z
    .object({
      accept: z.boolean(),
      reject: z.boolean(),
      settings: z.boolean(),
      /** A button that only closes or acknowledges ("OK", "Got it", "×") without a choice. */
      acknowledge: z.boolean(),
    })
    .nullable(),
  classification: ConsentClassificationSchema,
  /** IAB APIs present in the top frame; null when the probe could not run (not "absent"). */
  apis: z.object({ tcf: z.boolean(), gpp: z.boolean(), usp: z.boolean() }).nullable(),
  /** What `__tcfapi('getTCData')` answered; null without the TCF API. */
  tcf: TcfAnswerSchema.nullable(),
  /** What `__gpp('ping')` answered; null without the GPP API. Optional: older scans have none. */
  gpp: GppAnswerSchema.nullable().optional(),
  /** What `__uspapi('getUSPData')` answered; null without the USP API. Optional: older scans have none. */
  usp: UspAnswerSchema.nullable().optional(),
  /** The visible banner's first layer, measured; null without a banner or a measurement. Optional: older scans have none. */
  bannerDesign: BannerDesignSchema.nullable().optional(),
  /**
   * The choice toggles the reject was shown, or that the preferences of a first layer without reject showed;
   * null when none were seen (a first layer with reject and no toggles, a rule that used the CMP's API).
   * Optional: older scans have none.
   */
  choiceToggles: ChoiceTogglesSchema.nullable().optional(),
});
export type ConsentObservation = z.infer<typeof ConsentObservationSchema>;
