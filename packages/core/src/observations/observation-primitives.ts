import { z } from "zod";
import { EvidencePhaseSchema } from "../contract/states.js";
import { HostSchema } from "../contract/primitives.js";
import { PartySchema } from "../contract/finding.js";
import { PurposeSchema } from "../contract/pre-consent-table.js";

/**
 * Building blocks of the scanner's observations. Observations are typed, already minimised facts: names,
 * hosts, flags, counts and phases. A value (cookie value, storage value, request body, query string, full
 * URL) has no field to go into, and strings are bounded so nothing large slips through.
 */
export const ObservedNameSchema = z.string().max(256);
export const ObservedHostSchema = HostSchema;
export { EvidencePhaseSchema, PartySchema, PurposeSchema };

/**
 * A URL reduced to what a report may show: scheme, host, port and path, without userinfo, query or
 * fragment, and with the path cut at 256 characters. `toSafeUrl` in core makes one.
 */
export const SafeUrlSchema = z
  .string()
  .max(400)
  .refine((value) => {
    const parsed = URL.parse(value);
    return parsed !== null && parsed.search === "" && parsed.hash === "" && parsed.username === "" && parsed.password === "";
  }, "must be a URL without query, fragment or credentials");

/** Who says what a cookie, key or host is, so a reviewer can weigh it. */
export const ClassificationSourceSchema = z.enum(["tracker_catalogue", "open_cookie_database", "easyprivacy", "first_party_heuristic"]);

export const ClassificationSchema = z.object({
  vendor: z.string().min(1).max(120).nullable(),
  purpose: PurposeSchema,
  /** Tracker category of the catalogue (for example `analytics`, `advertising`, `social`), when known. */
  category: z.string().max(60).nullable(),
  sources: z.array(ClassificationSourceSchema),
});
export type Classification = z.infer<typeof ClassificationSchema>;

export const UNCLASSIFIED: Classification = { vendor: null, purpose: "unknown", category: null, sources: [] };
