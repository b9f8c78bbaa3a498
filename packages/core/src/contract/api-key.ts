import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema } from "./primitives.js";
import { ScopeSchema } from "./scopes.js";

/** Prefix of self-serve read-only keys (contract "Authentication" item 3). */
export const READ_ONLY_KEY_PREFIX = "svc_ro_" as const;

/** Body of POST /api/v2/keys/request. Optional; unknown fields are refused so typos are not silently lost. */
export const ReadOnlyKeyRequestSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
      .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, "must not contain control characters")
      .optional()
      .meta({ description: "Optional label for the key.", example: "ci-integration" }),
  })
  .meta({ id: "ReadOnlyKeyRequest" });
export type ReadOnlyKeyRequest = z.infer<typeof ReadOnlyKeyRequestSchema>;

/** The issued key (contract: type `service_api_key`). `key` is shown once; only a hash is retained. */
export const IssuedApiKeySchema = z
  .object({
    type: z.literal("service_api_key"),
    key: z.string().min(24).meta({ description: "The full token, shown once.", example: "svc_ro_4QmZ8nX2kV7pL0aR9sT3wY6bC1dE5fG" }),
    tokenPrefix: z.string().min(1).meta({ description: "Leading part of the key, safe to show in lists.", example: "svc_ro_4QmZ8n" }),
    scopes: z.array(ScopeSchema),
    expiresAt: DateTimeSchema.meta({ description: "90 days after issue." }),
    rateLimits: z.object({ requestsPerMinute: z.int().min(1), scanReadsPerDay: z.int().min(1) }),
    usageGuidance: z.object({ scanCreateRequiresSupport: z.boolean(), scanCreateRequestEmail: z.email() }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "IssuedApiKey" });
export type IssuedApiKey = z.infer<typeof IssuedApiKeySchema>;

/** Contract limits of a self-serve key. */
export const SELF_SERVE_KEY_LIMITS = { requestsPerMinute: 60, scanReadsPerDay: 500, validDays: 90 } as const;
