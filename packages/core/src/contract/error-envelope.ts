import { z } from "zod";
import { ERROR_CODES } from "./error-codes.js";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema, LinkUrlSchema, NonNegativeIntSchema } from "./primitives.js";

/**
 * Machine-readable details of a rate-limit error (contract Errors rule 2; field names are this service's,
 * see docs/api.md). Present on `rate_limited` errors when the limiter knows them.
 */
export const RateLimitDetailsSchema = z
  .object({
    policyVersion: z.string().meta({ example: "2026-08-14" }),
    profile: z.string().meta({ description: "Which policy applied.", example: "weighted_read" }),
    scope: z.string().meta({ description: "Which counter was exhausted.", example: "caller_resource" }),
    window: z.string().meta({ description: "Window as an ISO 8601 duration, or `utc_day`.", example: "PT10M" }),
    limit: NonNegativeIntSchema,
    usage: NonNegativeIntSchema.meta({ description: "Units already used in the window." }),
    requestedUnits: NonNegativeIntSchema,
    resetAt: DateTimeSchema.nullable().meta({ description: "When enough units are free again, if known." }),
  })
  .meta({ id: "RateLimitDetails" });
export type RateLimitDetails = z.infer<typeof RateLimitDetailsSchema>;

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The `error` object of the envelope; a failed ScanJob carries the same object. */
export const ErrorBodySchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    retryable: z.boolean(),
    retryAfterSeconds: NonNegativeIntSchema.nullable(),
    recommendedNextAction: z.string(),
    rateLimit: RateLimitDetailsSchema.optional(),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The error envelope (contract: type `service_api_error`). */
export const ErrorEnvelopeSchema = z
  .object({
    type: z.literal("service_api_error"),
    error: ErrorBodySchema,
    links: z.object({ docs: LinkUrlSchema }).optional(),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "ErrorEnvelope" });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
