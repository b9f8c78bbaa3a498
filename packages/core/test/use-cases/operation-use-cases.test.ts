import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/contract/index.js";
import { OPERATION_USE_CASES } from "../../src/use-cases/operation-use-cases.js";

describe("OPERATION_USE_CASES", () => {
  it("has a use-case for every operation of the contract but the OpenAPI document, which hosts serve", () => {
    const served = OPERATIONS.map((operation) => operation.operationId).filter((id) => id !== "getOpenApiDocument");
    expect(Object.keys(OPERATION_USE_CASES).sort()).toEqual(served.sort());
  });
});
