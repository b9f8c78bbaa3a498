import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema } from "./primitives.js";
import { ScopeSchema } from "./scopes.js";

/** Result of GET /api/v2/auth/check (contract: type `service_auth_check`). Side-effect free. */
export const AuthCheckSchema = z
  .object({
    type: z.literal("service_auth_check"),
    authenticated: z.literal(true),
    scopes: z.array(ScopeSchema),
    expiresAt: DateTimeSchema.nullable(),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "AuthCheck" });
export type AuthCheck = z.infer<typeof AuthCheckSchema>;
