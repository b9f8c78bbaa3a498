import type { z } from "zod";
import { ServiceError } from "./service-error.js";

/**
 * A refused input as the contract's `invalid_request`, written the same way on every surface (REST bodies,
 * MCP tool arguments): the first problem, prefixed with the field's path, or with `whole` when the input
 * itself is wrong. zod's messages name the expectation, never the value given, so nothing the caller sent
 * (a URL, a query string) is echoed back.
 */
export function toInvalidRequest(error: z.ZodError, whole: string): ServiceError {
  const issue = error.issues[0];
  return new ServiceError("invalid_request", `${issue?.path.join(".") || whole}: ${issue?.message ?? "invalid"}`);
}
