import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema, LinkUrlSchema, RegionCodeSchema } from "./primitives.js";

/** GET /api/v2/health: discovery and liveness (type `service_health`). Never exposes internals. */
export const HealthSchema = z
  .object({
    type: z.literal("service_health"),
    status: z.enum(["ok", "degraded"]),
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
