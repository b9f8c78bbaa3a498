import { z } from "zod";
import { ErrorBodySchema } from "./error-envelope.js";
import { DateTimeSchema, LinkUrlSchema, ScanIdSchema } from "./primitives.js";
import { RiskLevelSchema } from "./scan.js";
import { ChangedFindingSchema, ChangedRowSchema } from "./scan-changes.js";
import { EvidencePhaseSchema, JobStatusSchema, ScanStatusSchema } from "./states.js";

/** The events a monitored scan sends its webhook (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ["scan.completed", "scan.changed", "scan.failed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Rows of each kind (started, stopped) an event names; the changes route has every one. */
export const MAX_EVENT_ROWS = 20;

const EventScanSchema = z.object({
  scanId: ScanIdSchema,
  url: z.string().meta({ description: "The scanned URL without its query string or fragment." }),
  domain: z.string(),
  scanFrom: z.string().nullable(),
  status: z.union([ScanStatusSchema, JobStatusSchema]),
  score: z.int().nullable(),
  riskLevel: RiskLevelSchema.nullable(),
  completedAt: DateTimeSchema.nullable(),
  links: z.object({ scan: LinkUrlSchema, report: LinkUrlSchema.nullable(), changes: LinkUrlSchema.nullable() }),
});

const EventRowSchema = ChangedRowSchema.extend({ phase: EvidencePhaseSchema });

const eventOf = <Type extends WebhookEventType>(type: Type) => ({ type: z.literal(type), timestamp: DateTimeSchema });
const MonitorIdSchema = z.string().nullable().meta({ description: "The monitor that ran the scan." });

export const WebhookEventSchema = z
  .discriminatedUnion("type", [
    z.object({ ...eventOf("scan.completed"), data: z.object({ monitorId: MonitorIdSchema, scan: EventScanSchema }) }),
    z.object({
      ...eventOf("scan.changed"),
      data: z.object({
        monitorId: MonitorIdSchema,
        scan: EventScanSchema,
        since: z.object({ scanId: ScanIdSchema, completedAt: DateTimeSchema.nullable() }),
        summary: z.string().meta({ description: "The change that matters most, in one sentence." }),
        headlines: z.array(z.string()),
        findings: z.object({ new: z.array(ChangedFindingSchema), resolved: z.array(ChangedFindingSchema) }),
        started: z.array(EventRowSchema).meta({ description: `Rows that started, every phase, at most ${MAX_EVENT_ROWS}.` }),
        stopped: z.array(EventRowSchema).meta({ description: `Rows that stopped, every phase, at most ${MAX_EVENT_ROWS}.` }),
        counts: z.object({ started: z.int().nonnegative(), stopped: z.int().nonnegative() }),
      }),
    }),
    z.object({
      ...eventOf("scan.failed"),
      data: z.object({ monitorId: MonitorIdSchema, scan: EventScanSchema, error: ErrorBodySchema.pick({ code: true, message: true }) }),
    }),
  ])
  .meta({ id: "WebhookEvent" });
/**
 * One webhook message's body, in the Standard Webhooks shape (`type`, `timestamp`, `data`): a monitored
 * scan completed with nothing that matters changed, changed (what, in sentences and rows), or failed.
 * Never a value, a full URL or a query string.
 */
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
