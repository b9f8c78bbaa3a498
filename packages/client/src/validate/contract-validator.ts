import { ErrorEnvelopeSchema, OPERATIONS } from "@public-scan/core/contract";
import { ResponseContractError } from "../client-errors.js";
import type { ResponseValidator } from "../client-options.js";

const BY_ID = new Map<string, (typeof OPERATIONS)[number]>(OPERATIONS.map((operation) => [operation.operationId, operation]));

/**
 * Checks every answer against the contract's zod schemas: a success body against its route's resource, an
 * error body against the envelope. It brings zod and the schemas into the bundle (see docs/client.md).
 */
export const contractValidator: ResponseValidator = ({ operationId, status, body }) => {
  const operation = BY_ID.get(operationId);
  if (operation === undefined) throw new ResponseContractError(`unknown operation ${operationId}`, { operationId, status, body });
  const schema =
    status >= 400
      ? ErrorEnvelopeSchema
      : (
          operation.responses as Partial<
            Record<
              number,
              { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }
            >
          >
        )[status];
  if (schema === undefined) return;
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error?.issues[0];
    throw new ResponseContractError(
      `${operationId}: HTTP ${status} body does not match the contract at ${issue?.path.map(String).join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
      { operationId, status, body },
    );
  }
};
