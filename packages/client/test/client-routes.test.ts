import { OPERATIONS } from "@public-scan/core/contract";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES } from "../src/client-routes.js";

describe("CLIENT_ROUTES", () => {
  it("is the operation table: same operations, methods, paths, success statuses and file answers", () => {
    const fromContract = Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation.operationId,
        {
          method: operation.method,
          path: operation.path,
          success: Object.keys(operation.responses)
            .map(Number)
            .sort((a, b) => a - b),
          file: "produces" in operation,
        },
      ]),
    );
    const fromClient = Object.fromEntries(
      Object.entries(CLIENT_ROUTES).map(([id, route]) => [
        id,
        { method: route.method, path: route.path, success: [...route.success].sort((a, b) => a - b), file: route.file === true },
      ]),
    );
    expect(fromClient).toEqual(fromContract);
    // The contract's 14, and the export, changes and monitor routes this service adds.
    expect(Object.keys(CLIENT_ROUTES)).toHaveLength(24);
    expect(CLIENT_ROUTES.getScanExport.file).toBe(true);
  });
});
