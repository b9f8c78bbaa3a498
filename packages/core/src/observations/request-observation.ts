import { z } from "zod";
import { GoogleConsentSchema } from "./google-consent-observation.js";
import { VISIT_TIME_LIMIT_MS } from "./visit-times.js";
import { ClassificationSchema, EvidencePhaseSchema, ObservedHostSchema, PartySchema } from "./observation-primitives.js";

export const ResourceTypeSchema = z.enum([
  "document",
  "subdocument",
  "stylesheet",
  "script",
  "image",
  "font",
  "media",
  "xhr",
  "fetch",
  "beacon",
  "ping",
  "websocket",
  "eventsource",
  "manifest",
  "other",
]);
export type ResourceType = z.infer<typeof ResourceTypeSchema>;

/**
 * Requests, aggregated: one record per host, resource type, initiator host, status and phase, with a
 * count. No path, query string or body is kept; the host is what a report needs and all it may show.
 */
export const RequestObservationSchema = z.object({
  host: ObservedHostSchema,
  registrableDomain: z.string().max(253).nullable(),
  party: PartySchema,
  resourceType: ResourceTypeSchema,
  /** Host of the script or document that caused the request, when the browser tells. */
  initiatorHost: ObservedHostSchema.nullable(),
  /** HTTP status; null when the request failed or was refused before a response. */
  status: z.int().min(100).max(599).nullable(),
  /** Refused by the egress guard (a private or otherwise forbidden address). */
  refused: z.boolean(),
  count: z.int().min(1),
  phase: EvidencePhaseSchema,
  /** Whether EasyPrivacy lists the request as tracking. */
  trackerListed: z.boolean(),
  classification: ClassificationSchema,
  /**
   * Milliseconds from the start of the visit's navigation to the group's first request (the scan's own
   * visit for `pre_consent` and `after_reject`, the phase's fresh visit otherwise). Optional: scans before
   * visit timelines have none.
   */
  firstSeenMs: z.int().min(0).max(VISIT_TIME_LIMIT_MS).optional(),
  /**
   * For a Google measurement hit: the consent state it carried (Consent Mode's `gcs`/`gcd`). Requests of one
   * group carried the same state: a host whose hits changed state is two groups. Optional: absent on other
   * requests and in scans before it was read.
   */
  googleConsent: GoogleConsentSchema.optional(),
});
export type RequestObservation = z.infer<typeof RequestObservationSchema>;
