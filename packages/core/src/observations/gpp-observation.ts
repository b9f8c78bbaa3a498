import { z } from "zod";
import { TcfSummarySchema } from "./tcf-summary.js";

/**
 * One opt-out field of a US section of a GPP string, as the IAB's MSPA fields encode it: `not_applicable`
 * (0), `opted_out` (1), `did_not_opt_out` (2). A section that has no such field (California has no
 * targeted-advertising opt-out) reports null.
 */
export const GppOptOutSchema = z.enum(["not_applicable", "opted_out", "did_not_opt_out"]);
export type GppOptOut = z.infer<typeof GppOptOutSchema>;

/** A GPP section name as the IAB's library names it (`usnat`, `usca`, `uspv1`, `tcfeuv2`). */
const SectionNameSchema = z.string().regex(/^[a-z][a-z0-9]{1,15}$/);

/**
 * One section of a decoded GPP string. US sections (national and state) give their opt-outs and, when the
 * string carries the GPC sub-section, whether the CMP saw Global Privacy Control; the TCF EU section gives
 * its TC string decoded to counts; other sections are named only.
 */
export const GppSectionSchema = z.object({
  id: z.int().min(1).max(64),
  /** Null for a section id the decoder does not know. */
  name: SectionNameSchema.nullable(),
  /** The section was read; false when its encoding was malformed (the other sections still count). */
  decoded: z.boolean(),
  saleOptOut: GppOptOutSchema.nullable(),
  sharingOptOut: GppOptOutSchema.nullable(),
  targetedAdvertisingOptOut: GppOptOutSchema.nullable(),
  /** The section's GPC sub-section says the CMP received GPC; null when the string has no such sub-section. */
  gpc: z.boolean().nullable(),
  /** The TCF EU v2 section, decoded as a TC string; null for other sections. */
  tcf: TcfSummarySchema.nullable(),
});
export type GppSection = z.infer<typeof GppSectionSchema>;

/** What `__gpp('ping')` answered at one moment: the GPP string decoded section by section, never kept. */
export const GppAnswerSchema = z.object({
  /** The API called back within the time limit. */
  responded: z.boolean(),
  /** The CMP's `signalStatus`: `ready` once its string reflects the visitor's choices (and signals). */
  signalStatus: z.enum(["ready", "not_ready", "other"]).nullable(),
  /** `decoded`: a GPP string was read and its header decoded; `empty`: none (no section applies yet). */
  gppString: z.enum(["decoded", "empty", "undecodable"]).nullable(),
  sections: z.array(GppSectionSchema).max(32),
});
export type GppAnswer = z.infer<typeof GppAnswerSchema>;

/** One flag of a US Privacy string (`1YNN`): `Y`, `N`, or `-` (not applicable). */
export const UspFlagSchema = z.enum(["yes", "no", "not_applicable"]);

/** What `__uspapi('getUSPData', 1)` answered: the US Privacy (CCPA) string decoded, never kept. */
export const UspAnswerSchema = z.object({
  responded: z.boolean(),
  uspString: z.enum(["decoded", "empty", "undecodable"]).nullable(),
  /** Explicit notice of the right to opt out was given. */
  notice: UspFlagSchema.nullable(),
  /** The visitor has opted out of the sale of personal information. */
  optOutSale: UspFlagSchema.nullable(),
  /** The publisher is a signatory of the IAB's Limited Service Provider Agreement. */
  lspaCovered: UspFlagSchema.nullable(),
});
export type UspAnswer = z.infer<typeof UspAnswerSchema>;
