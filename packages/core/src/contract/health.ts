import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema, LinkUrlSchema, RegionCodeSchema } from "./primitives.js";

const ComponentStatusSchema = z.enum(["ok", "degraded"]);

/**
 * The parts of the deployment this process checked, each `ok` or `degraded` and nothing more (no error,
 * host or version). A part this process does not use is absent: an API process that only enqueues reports no
 * scanner; a host without a separate queue reports no jobQueue.
 */
export const HealthComponentsSchema = z
  .object({
    scanStore: ComponentStatusSchema,
    jobQueue: ComponentStatusSchema.optional(),
    scanner: ComponentStatusSchema.optional(),
  })
  .meta({ id: "HealthComponents" });
export type HealthComponents = z.infer<typeof HealthComponentsSchema>;

/** GET /api/v2/health: discovery and liveness (type `service_health`). Never exposes internals. */
export const HealthSchema = z
  .object({
    type: z.literal("service_health"),
    status: z.enum(["ok", "degraded"]).meta({ description: "`degraded` when any component is." }),
    components: HealthComponentsSchema,
    apiVersion: z.literal("v2"),
    contractVersion: z.string().meta({ example: "0.1.6" }),
    scoreVersion: z.string(),
    weightedReadPolicyVersion: z.string().meta({ example: "2026-08-14" }),
    time: DateTimeSchema,
    scanRegions: z.array(RegionCodeSchema).min(1).meta({ description: "Values accepted as scanFrom." }),
    defaultScanRegion: RegionCodeSchema,
    surfaces: z.object({ rest: z.boolean(), mcp: z.boolean(), mcpLight: z.boolean() }),
    links: z.object({ openapi: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof HealthSchema>;
