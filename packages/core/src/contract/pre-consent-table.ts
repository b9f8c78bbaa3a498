import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { EVIDENCE_BASIS, PartySchema, PrioritySchema } from "./finding.js";
import { HostSchema, LinkUrlSchema, NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";

/**
 * Purposes, after the Open Cookie Database's categories; `unknown` when no source classifies the item.
 * A closed set, so clients can group rows reliably.
 */
export const PurposeSchema = z.enum(["functional", "preferences", "analytics", "marketing", "security", "unknown"]);
export type Purpose = z.infer<typeof PurposeSchema>;

/** Vendor name used when no catalogue attributes the host or cookie. */
export const UNATTRIBUTED_VENDOR = "Unattributed" as const;

/**
 * One row: a cookie, a storage key, a tracker host or a third-party service host (fonts, a library CDN, a
 * thumbnail CDN: not a tracker) seen before consent. Values, full URLs and query strings are never included
 * (contract).
 */
export const PreConsentRowSchema = z
  .object({
    kind: z.enum(["tracker", "cookie", "storage", "service"]),
    name: z.string().max(256).nullable().meta({
      description: "Cookie name or storage key; the service category (`fonts`, `static_cdn`, ...) for services; null for trackers.",
    }),
    vendor: z.string().min(1).meta({ example: "Google" }),
    host: HostSchema.meta({ description: "Cookie domain, storage origin host, tracker host or service host." }),
    purpose: PurposeSchema,
    party: PartySchema,
    priority: PrioritySchema,
    requestCount: NonNegativeIntSchema.nullable().meta({
      description: "Requests to the tracker or service host; null for cookies and storage.",
    }),
    phase: z.literal("pre_consent"),
    evidenceBasis: z.literal(EVIDENCE_BASIS),
  })
  .meta({ id: "PreConsentRow" });
export type PreConsentRow = z.infer<typeof PreConsentRowSchema>;

/** The complete table (type `service_pre_consent_cookies_trackers`); no server-side filters. */
export const PreConsentTableSchema = z
  .object({
    type: z.literal("service_pre_consent_cookies_trackers"),
    scanId: ScanIdSchema,
    domain: HostSchema,
    summary: z.object({
      rowCount: NonNegativeIntSchema,
      trackerCount: NonNegativeIntSchema,
      cookieCount: NonNegativeIntSchema,
      storageCount: NonNegativeIntSchema,
      requestCount: NonNegativeIntSchema.meta({ description: "Tracker requests observed before consent." }),
    }),
    rows: z.array(PreConsentRowSchema),
    links: z.object({ self: LinkUrlSchema, scan: LinkUrlSchema, report: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "PreConsentTable" });
export type PreConsentTable = z.infer<typeof PreConsentTableSchema>;
