import { z } from "zod";
import { NoGoReasonCodeSchema } from "../contract/scan.js";
import { ObservedHostSchema, SafeUrlSchema } from "./observation-primitives.js";

/** What the top-level navigation found, for the no-go disposition and the diagnostics. */
export const PageKindSchema = z.enum(["html", "non_html", "error_page", "bot_challenge", "empty", "unreachable", "disrupted"]);
export type PageKind = z.infer<typeof PageKindSchema>;

const Milliseconds = z.int().min(0).nullable();

export const NavigationObservationSchema = z.object({
  requestedUrl: SafeUrlSchema,
  finalUrl: SafeUrlSchema.nullable(),
  /** Each hop of the redirect chain: host and status, nothing else. */
  redirects: z.array(z.object({ host: ObservedHostSchema, status: z.int().min(300).max(399) })).max(20),
  httpStatus: z.int().min(100).max(599).nullable(),
  /** The MIME type only, without parameters. */
  contentType: z.string().max(100).nullable(),
  timings: z.object({
    responseMs: Milliseconds,
    domContentLoadedMs: Milliseconds,
    loadMs: Milliseconds,
    networkIdleMs: Milliseconds,
  }),
  reachedNetworkIdle: z.boolean(),
  pageKind: PageKindSchema,
  noGoReason: NoGoReasonCodeSchema.nullable(),
});
export type NavigationObservation = z.infer<typeof NavigationObservationSchema>;
