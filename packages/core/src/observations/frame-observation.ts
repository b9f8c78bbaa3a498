import { z } from "zod";
import { ObservedHostSchema, PartySchema } from "./observation-primitives.js";

/** A frame or worker the scanner attached to: where it came from, not what it showed. */
export const FrameObservationSchema = z.object({
  kind: z.enum(["main_frame", "iframe", "worker", "shared_worker", "service_worker"]),
  host: ObservedHostSchema.nullable(),
  party: PartySchema.nullable(),
  /** Rendered in its own process (an out-of-process iframe). */
  outOfProcess: z.boolean(),
});
export type FrameObservation = z.infer<typeof FrameObservationSchema>;
