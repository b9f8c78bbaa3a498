import { z } from "zod";

/**
 * The legal reading a finding is a review point under (this service's, docs/scoring.md "Readings"):
 * `eu_opt_in`, the EU and UK rule that non-essential cookies and tracking wait for consent (ePrivacy
 * Directive art. 5(3), GDPR, UK PECR); `us_opt_out`, the US state laws' rule that tracking may start but a
 * visitor must be able to opt out of sale and sharing, Global Privacy Control included (CCPA/CPRA and others).
 */
export const RegimeSchema = z.enum(["eu_opt_in", "us_opt_out"]).meta({ id: "Regime" });
export type Regime = z.infer<typeof RegimeSchema>;
export const REGIMES = RegimeSchema.options;

/**
 * The reading a score follows: one regime, or `combined` (every finding counts: a deployment that does not
 * know which law its visitors live under).
 */
export const ScoreLensSchema = z.enum(["combined", "eu_opt_in", "us_opt_out"]).meta({ id: "ScoreLens" });
export type ScoreLens = z.infer<typeof ScoreLensSchema>;
