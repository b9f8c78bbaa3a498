import { z } from "zod";

/** A vendor's name as the operator's Global Vendor List gives it. */
const VendorNameSchema = z.string().min(1).max(120);

/**
 * The decoded IAB TCF v2 TC string, reduced to counts and purpose ids: never the string, and vendors named
 * only from a Global Vendor List the operator supplied.
 */
export const TcfSummarySchema = z.object({
  cmpId: z.int().min(0),
  cmpVersion: z.int().min(0),
  tcfPolicyVersion: z.int().min(0),
  isServiceSpecific: z.boolean(),
  purposeConsents: z.int().min(0),
  purposeLegitimateInterests: z.int().min(0),
  specialFeatureOptins: z.int().min(0),
  vendorConsents: z.int().min(0),
  vendorLegitimateInterests: z.int().min(0),
  /** The purposes (1-24) with consent. Optional: observations before the ids were kept have the counts only. */
  purposeConsentIds: z.array(z.int().min(1).max(24)).max(24).optional(),
  /** The purposes (1-24) claimed under legitimate interest. Optional like `purposeConsentIds`. */
  purposeLegitimateInterestIds: z.array(z.int().min(1).max(24)).max(24).optional(),
  /**
   * How many vendors the disclosed-vendors segment lists: the vendors the visitor was asked about. Null when
   * the string has none; optional: observations before it was read do not say.
   */
  vendorsDisclosed: z.int().min(0).nullable().optional(),
  /**
   * The names of the vendors with consent and with legitimate interest, from the Global Vendor List the
   * operator supplied (version `vendorListVersion`), alphabetical, at most 100 each; absent without one.
   */
  vendorListVersion: z.int().min(1).optional(),
  vendorConsentNames: z.array(VendorNameSchema).max(100).optional(),
  vendorLegitimateInterestNames: z.array(VendorNameSchema).max(100).optional(),
});
export type TcfSummary = z.infer<typeof TcfSummarySchema>;
