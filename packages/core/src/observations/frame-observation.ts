import { z } from "zod";
import { ObservedHostSchema, PartySchema } from "./observation-primitives.js";

/** A frame or worker the scanner attached to: where it came from, not what it showed. */
export const FrameObservationSchema = z.object({
  kind: z.enum(["main_frame", "iframe", "worker", "shared_worker", "service_worker"]),
  host: ObservedHostSchema.nullable(),
  party: PartySchema.nullable(),
  /**
   * Rendered in its own process in the scanning browser (an out-of-process iframe): a fact of the scanner's
   * process model (`isolateSites`), not of the site. By default a scan's cross-site frames share its renderer.
   */
  outOfProcess: z.boolean(),
});
export type FrameObservation = z.infer<typeof FrameObservationSchema>;
