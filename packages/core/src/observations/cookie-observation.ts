import { z } from "zod";
import {
  ClassificationSchema,
  EvidencePhaseSchema,
  ObservedHostSchema,
  ObservedNameSchema,
  PartySchema,
} from "./observation-primitives.js";

/**
 * One cookie as the browser holds it after a phase, or one the browser refused. Never its value.
 * `domain` is the cookie's domain without a leading dot; `hostOnly` tells whether it had none.
 */
export const CookieObservationSchema = z.object({
  name: ObservedNameSchema,
  domain: ObservedHostSchema,
  hostOnly: z.boolean(),
  path: z.string().max(256),
  session: z.boolean(),
  /** Lifetime left when observed, in seconds; null for session cookies. */
  expiresInSeconds: z.int().min(0).nullable(),
  secure: z.boolean(),
  httpOnly: z.boolean(),
  sameSite: z.enum(["strict", "lax", "none", "unspecified"]),
  partitioned: z.boolean(),
  /** Size of name plus value in bytes, as browsers count it; the value itself is never kept. */
  size: z.int().min(0),
  setBy: z.enum(["set_cookie_header", "javascript", "unknown"]),
  /** Host of the response that set it, or of the script that wrote it, when known. */
  setterHost: ObservedHostSchema.nullable(),
  party: PartySchema,
  phase: EvidencePhaseSchema,
  /** Reason codes when the browser refused the cookie (for example `third_party_blocked`); null when stored. */
  blockedReasons: z.array(z.string().max(64)).max(8).nullable(),
  classification: ClassificationSchema,
});
export type CookieObservation = z.infer<typeof CookieObservationSchema>;
