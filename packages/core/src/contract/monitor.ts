import { z } from "zod";
import { ScanUrlSchema } from "./create-scan-request.js";
import { ErrorBodySchema } from "./error-envelope.js";
import { DateTimeSchema, LinkUrlSchema, RegionCodeSchema, ScanIdSchema } from "./primitives.js";
import { WEBHOOK_EVENT_TYPES } from "./webhook-event.js";

/** Runs of a monitor the service keeps (newest first); older ones are dropped as new ones start. */
export const MAX_MONITOR_RUNS = 20;

/** The longest interval a monitor may have: a schedule rarer than monthly is a reminder, not a watch. */
export const MAX_MONITOR_INTERVAL_SECONDS = 31 * 24 * 3600;

/** UUID-shaped monitor identifier, like a scan's. */
export const MonitorIdSchema = ScanIdSchema.meta({
  description: "UUID-shaped monitor identifier.",
  example: "6d0e4c1a-2b7f-4f0e-9a51-1c3d5e7f9b20",
});

/**
 * When a monitor runs: every `everySeconds` (aligned to multiples of it since the Unix epoch, so every
 * process agrees on the ticks), or on a five-field cron expression in an IANA time zone (UTC by default).
 * Either is refused when it would run more often than the deployment's minimum interval.
 */
export const MonitorScheduleSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("interval"),
      everySeconds: z.int().positive().max(MAX_MONITOR_INTERVAL_SECONDS),
    }),
    z.strictObject({
      kind: z.literal("cron"),
      expression: z
        .string()
        .trim()
        .max(120)
        .regex(/^\S+(\s+\S+){4}$/, "must be a five-field cron expression (minute hour day-of-month month day-of-week)"),
      timezone: z.string().max(64).optional().meta({ description: "IANA time zone; default UTC." }),
    }),
  ])
  .meta({ id: "MonitorSchedule" });
export type MonitorSchedule = z.infer<typeof MonitorScheduleSchema>;

export const MonitorEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Where a monitor's events go. The URL must be https (a deployment may allow http for its own tests). */
const WebhookTargetRequestSchema = z.strictObject({
  url: ScanUrlSchema.meta({ description: "The receiver: a public https URL, reached through the scanner's egress guard." }),
  events: z
    .array(MonitorEventTypeSchema)
    .min(1)
    .optional()
    .meta({ description: "Events to send; default all three (`scan.completed`, `scan.changed`, `scan.failed`)." }),
});

/** Body of POST /api/v2/monitors (docs/api.md "Monitors"). */
export const CreateMonitorRequestSchema = z
  .strictObject({
    url: ScanUrlSchema,
    scanFrom: RegionCodeSchema.optional().meta({ description: "Execution region; defaults to the deployment's default region." }),
    schedule: MonitorScheduleSchema,
    name: z.string().trim().min(1).max(100).optional().meta({ description: "A label for the owner's lists." }),
    webhook: WebhookTargetRequestSchema.optional(),
  })
  .meta({ id: "CreateMonitorRequest" });
export type CreateMonitorRequest = z.infer<typeof CreateMonitorRequestSchema>;

export const MonitorStatusSchema = z
  .enum(["active", "paused", "disabled"])
  .meta({ description: "`paused` by its owner; `disabled` by the service (see `statusReason`); only `active` runs." });
export type MonitorStatus = z.infer<typeof MonitorStatusSchema>;

/** Why a monitor is not active: its owner paused it, or the service stopped it for a stated cause. */
export const MonitorStatusReasonSchema = z.enum(["paused_by_owner", "webhook_failing", "webhook_gone", "key_revoked", "target_refused"]);
export type MonitorStatusReason = z.infer<typeof MonitorStatusReasonSchema>;

/** One delivery of a run's event: the attempts made, never the payload or the secret. */
export const MonitorDeliverySchema = z
  .object({
    event: MonitorEventTypeSchema,
    messageId: z.string().meta({ description: "The `webhook-id` header: the same on every attempt." }),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.int().nonnegative(),
    lastAttemptAt: DateTimeSchema.nullable(),
    lastResponseStatus: z.int().nullable().meta({ description: "The receiver's HTTP status on the last attempt, if it answered." }),
    lastError: z.string().nullable().meta({ description: "Why the last attempt failed, in words; never a response body." }),
    nextAttemptAt: DateTimeSchema.nullable().meta({
      description: "When a `pending` delivery's next attempt is due, after a failed one; null otherwise.",
    }),
  })
  .meta({ id: "MonitorDelivery" });

/** One scheduled run: the tick it belongs to, the scan it started or joined, and its delivery. */
export const MonitorRunSchema = z
  .object({
    runId: z.string(),
    scheduledAt: DateTimeSchema.meta({ description: "The tick this run belongs to: one run per tick, whichever worker took it." }),
    startedAt: DateTimeSchema,
    endedAt: DateTimeSchema.nullable(),
    status: z.enum(["running", "completed", "failed", "skipped"]),
    scanId: ScanIdSchema.nullable(),
    event: MonitorEventTypeSchema.nullable().meta({ description: "The event the run's scan produced, sent or not." }),
    summary: z.string().nullable().meta({ description: "For `scan.changed`: the change that matters most, in one sentence." }),
    error: ErrorBodySchema.pick({ code: true, message: true }).nullable(),
    delivery: MonitorDeliverySchema.nullable().meta({
      description: "Null when the monitor has no webhook or the event is not subscribed.",
    }),
  })
  .meta({ id: "MonitorRun" });
export type MonitorRun = z.infer<typeof MonitorRunSchema>;

export const MonitorSchema = z
  .object({
    monitorId: MonitorIdSchema,
    name: z.string().nullable(),
    url: z.string().meta({ description: "The monitored URL without its query string or fragment." }),
    domain: z.string(),
    scanFrom: RegionCodeSchema,
    schedule: MonitorScheduleSchema,
    status: MonitorStatusSchema,
    statusReason: MonitorStatusReasonSchema.nullable(),
    webhook: z
      .object({
        url: z.string().meta({ description: "The receiver's origin and path; its query string is never shown." }),
        events: z.array(MonitorEventTypeSchema),
        secretRotatedAt: DateTimeSchema,
      })
      .nullable(),
    consecutiveFailures: z
      .int()
      .nonnegative()
      .meta({ description: "Deliveries failed in a row; the monitor is disabled at the deployment's limit." }),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    lastRun: MonitorRunSchema.nullable(),
    links: z.object({ self: LinkUrlSchema, runs: LinkUrlSchema }),
  })
  .meta({ id: "Monitor" });
export type Monitor = z.infer<typeof MonitorSchema>;

/** The answer to a monitor's creation: the monitor and, once only, its webhook signing secret. */
export const CreatedMonitorSchema = MonitorSchema.extend({
  webhookSecret: z
    .string()
    .nullable()
    .meta({ description: "The Standard Webhooks signing secret (`whsec_…`), shown only here; null without a webhook." }),
}).meta({ id: "CreatedMonitor" });

export type CreatedMonitor = z.infer<typeof CreatedMonitorSchema>;

export const MonitorListSchema = z.object({ monitors: z.array(MonitorSchema) }).meta({ id: "MonitorList" });
export type MonitorList = z.infer<typeof MonitorListSchema>;

export const MonitorRunListSchema = z
  .object({ monitorId: MonitorIdSchema, runs: z.array(MonitorRunSchema).max(MAX_MONITOR_RUNS) })
  .meta({ id: "MonitorRunList" });
export type MonitorRunList = z.infer<typeof MonitorRunListSchema>;

/** The answer to a secret rotation: the new secret, once, and until when the previous one still signs. */
export const RotatedMonitorSecretSchema = z
  .object({
    monitorId: MonitorIdSchema,
    webhookSecret: z.string().meta({ description: "The new signing secret (`whsec_…`), shown only here." }),
    previousValidUntil: DateTimeSchema.meta({
      description: "Until then each message carries two signatures, the new secret's and the previous one's.",
    }),
  })
  .meta({ id: "RotatedMonitorSecret" });
export type RotatedMonitorSecret = z.infer<typeof RotatedMonitorSecretSchema>;

export const DeletedMonitorSchema = z.object({ monitorId: MonitorIdSchema, deleted: z.literal(true) }).meta({ id: "DeletedMonitor" });
export type DeletedMonitor = z.infer<typeof DeletedMonitorSchema>;
