import { OPERATIONS } from "@public-scan/core/contract";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES } from "../src/client-routes.js";

describe("CLIENT_ROUTES", () => {
  it("is the contract's operation table: same operations, methods, paths and success statuses", () => {
    const fromContract = Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation.operationId,
        {
          method: operation.method,
          path: operation.path,
          success: Object.keys(operation.responses)
            .map(Number)
            .sort((a, b) => a - b),
        },
      ]),
    );
    const fromClient = Object.fromEntries(
      Object.entries(CLIENT_ROUTES).map(([id, route]) => [
        id,
        { method: route.method, path: route.path, success: [...route.success].sort((a, b) => a - b) },
      ]),
    );
    expect(fromClient).toEqual(fromContract);
    expect(Object.keys(CLIENT_ROUTES)).toHaveLength(14);
  });
});
