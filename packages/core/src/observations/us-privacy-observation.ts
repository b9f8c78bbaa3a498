import { z } from "zod";

const ReasonCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/)
  .nullable();

/** How one step of the US-privacy check fared; a step that did not run is never read as "nothing found". */
export const UsPrivacyStepStatusSchema = z.enum(["ok", "failed", "timed_out", "skipped"]);
export type UsPrivacyStepStatus = z.infer<typeof UsPrivacyStepStatusSchema>;

/**
 * The site's `/.well-known/gpc.json` (Global Privacy Control support resource):
 * - `found`: a JSON object whose `gpc` member is a boolean;
 * - `not_found`: HTTP 404/410, or an HTML page where the file would be (a site answering every path);
 * - `invalid`: a response that is meant as the file (JSON content type, or a body that starts as JSON) but
 *   is not valid JSON or has no boolean `gpc`;
 * - `unreachable`: the request failed, timed out, was refused by the egress guard, or got another error status.
 */
export const GpcJsonSchema = z.object({
  status: z.enum(["found", "not_found", "invalid", "unreachable"]),
  /** The `gpc` member when `found`; else null. */
  gpc: z.boolean().nullable(),
  /** The file has a `lastUpdate` member (any value); false unless `found`. */
  lastUpdate: z.boolean(),
});
export type GpcJson = z.infer<typeof GpcJsonSchema>;

/**
 * The GPC pass of the scan (phase `gpc`, a visit with `Sec-GPC: 1` and `navigator.globalPrivacyControl`)
 * joined in: how it went, and which advertising vendors were still contacted during it.
 */
export const GpcPassSchema = z.object({
  /** `absent`: the observations have no phase list (a scan without phases). */
  status: z.enum(["completed", "not_run", "failed", "timed_out", "absent"]),
  reason: ReasonCode,
  /** Third-party advertising vendors sent a request during the GPC visit; null unless `completed`. */
  advertisingVendors: z.array(z.string().min(1).max(120)).max(100).nullable(),
});
export type GpcPass = z.infer<typeof GpcPassSchema>;

/**
 * CCPA/CPRA signals a visitor can see before consent, read from the scanned page's main frame after the
 * pre-consent snapshot (links, buttons and their icons; open shadow roots included), plus the site's
 * `/.well-known/gpc.json` fetched in a separate browser context behind the same egress guard. Each signal
 * is observed (`true`) or not (`false`); null when the step that looks for it did not complete.
 * Automated observations, never a statement about whether a law applies or is met.
 */
export const UsPrivacyObservationSchema = z.object({
  steps: z.object({
    /** Reading the links and buttons of the scanned page. */
    links: UsPrivacyStepStatusSchema,
    /** Fetching `/.well-known/gpc.json`. */
    gpcJson: UsPrivacyStepStatusSchema,
  }),
  reason: ReasonCode,
  /** A "Do Not Sell (or Share) My Personal Information" link or button. */
  doNotSellOrShareLink: z.boolean().nullable(),
  /** A "Limit the Use of My Sensitive Personal Information" link or button. */
  limitSensitiveLink: z.boolean().nullable(),
  /** A "Your Privacy Choices" (or "Your California Privacy Choices") link or button. */
  yourPrivacyChoicesLink: z.boolean().nullable(),
  /** The CPRA opt-out icon (the blue toggle), by its alt text/label/title, its file name or its SVG's shape and colour. */
  privacyChoicesIcon: z.boolean().nullable(),
  /** A "Notice at Collection" link, or that heading/wording in the page. */
  noticeAtCollection: z.boolean().nullable(),
  /** Null when the fetch did not run (the scanned page was not observed, or no time was left). */
  gpcJson: GpcJsonSchema.nullable(),
  gpcPass: GpcPassSchema,
});
export type UsPrivacyObservation = z.infer<typeof UsPrivacyObservationSchema>;
