import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/contract/index.js";

/** The contract's endpoint table, in its order, written out here so the code cannot drift from it. */
const CONTRACT_ENDPOINTS = [
  ["post", "/api/v2/keys/request"],
  ["get", "/api/v2/auth/check"],
  ["post", "/api/v2/scans"],
  ["get", "/api/v2/scans/{scanId}"],
  ["get", "/api/v2/scans/{scanId}/diagnostics"],
  ["get", "/api/v2/scans/{scanId}/status"],
  ["get", "/api/v2/scans/{scanId}/findings"],
  ["get", "/api/v2/scans/{scanId}/findings/{findingId}"],
  ["get", "/api/v2/scans/{scanId}/pulse"],
  ["get", "/api/v2/scans/{scanId}/pre-consent-cookies-trackers"],
  ["get", "/api/v2/domains/{domain}/latest"],
  ["get", "/api/v2/domains/{domain}/latest/pre-consent-cookies-trackers"],
  ["get", "/api/v2/health"],
  ["get", "/api/v2/openapi.json"],
] as const;

const byId = (id: string) => OPERATIONS.find((operation) => operation.operationId === id);

describe("operation table", () => {
  it("has the contract's 14 routes in its order, then the service's extensions", () => {
    const contract = OPERATIONS.filter((operation) => !("extension" in operation));
    expect(contract.map((operation) => [operation.method, operation.path])).toEqual(CONTRACT_ENDPOINTS);
    expect(OPERATIONS.slice(contract.length).map((operation) => [operation.method, operation.path])).toEqual([
      ["get", "/api/v2/scans/{scanId}/exports/{format}"],
      ["get", "/api/v2/scans/{scanId}/changes"],
      ["post", "/api/v2/monitors"],
      ["get", "/api/v2/monitors"],
      ["get", "/api/v2/monitors/{monitorId}"],
      ["delete", "/api/v2/monitors/{monitorId}"],
      ["get", "/api/v2/monitors/{monitorId}/runs"],
      ["post", "/api/v2/monitors/{monitorId}/pause"],
      ["post", "/api/v2/monitors/{monitorId}/resume"],
      ["post", "/api/v2/monitors/{monitorId}/webhook-secret"],
    ]);
  });

  it("guards every monitor route with monitor:write; reads weigh one unit, changes none", () => {
    const monitors = OPERATIONS.filter((operation) => operation.path.startsWith("/api/v2/monitors"));
    expect(monitors).toHaveLength(8);
    for (const operation of monitors) {
      expect(operation).toMatchObject({ security: "bearer", scopes: ["monitor:write"], extension: true });
      expect(operation.readWeight).toEqual(operation.method === "get" ? { policy: "resource", units: 1 } : null);
    }
    expect(Object.keys(byId("createMonitor")!.responses)).toEqual(["201"]);
  });

  it("serves exports as files: text in each format's media type, weighed as an export (4 units)", () => {
    expect(byId("getScanExport")).toMatchObject({
      security: "bearer",
      scopes: ["scan:read"],
      readWeight: { policy: "resource", units: 4 },
      queryParams: ["failOn", "minScore"],
      produces: ["application/json", "application/sarif+json", "application/xml", "text/csv", "text/markdown", "text/html"],
    });
    expect(Object.keys(byId("getScanExport")!.responses).sort()).toEqual(["200", "202"]);
  });

  it("compares a scan with an earlier one of its target as a composite read (4 units), since one named by `since`", () => {
    expect(byId("getScanChanges")).toMatchObject({
      security: "bearer",
      scopes: ["scan:read"],
      readWeight: { policy: "resource", units: 4 },
      queryParams: ["since"],
      extension: true,
    });
    expect(Object.keys(byId("getScanChanges")!.responses).sort()).toEqual(["200", "202"]);
  });

  it("uses the contract's operationIds and unique ones elsewhere", () => {
    expect(byId("requestReadOnlyApiKey")?.path).toBe("/api/v2/keys/request");
    expect(byId("checkIntegrationCredential")?.path).toBe("/api/v2/auth/check");
    expect(byId("createScan")?.path).toBe("/api/v2/scans");
    expect(byId("getScan")?.path).toBe("/api/v2/scans/{scanId}");
    expect(new Set(OPERATIONS.map((operation) => operation.operationId)).size).toBe(OPERATIONS.length);
  });

  it("declares every path placeholder as a path parameter", () => {
    for (const operation of OPERATIONS) {
      const placeholders = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(operation.pathParams).toEqual(placeholders);
    }
  });

  it("applies the contract's security: anonymous createScan, dashboard session for keys, public discovery", () => {
    expect(byId("createScan")).toMatchObject({ security: "bearer_optional", scopes: ["scan:create"] });
    expect(byId("requestReadOnlyApiKey")).toMatchObject({ security: "dashboard_session" });
    expect(byId("getHealth")).toMatchObject({ security: "none" });
    expect(byId("getOpenApiDocument")).toMatchObject({ security: "none" });
    expect(byId("getScan")).toMatchObject({ security: "bearer", scopes: ["scan:read"] });
  });

  it("weighs reads as the contract's limits say: 1 unit for ordinary reads, 4 for heavy ones", () => {
    const weights = Object.fromEntries(OPERATIONS.map((operation) => [operation.operationId, operation.readWeight]));
    expect(weights).toMatchObject({
      getScan: { policy: "resource", units: 1 },
      listScanFindings: { policy: "resource", units: 1 },
      getScanFinding: { policy: "resource", units: 1 },
      getScanPreConsentCookiesTrackers: { policy: "resource", units: 1 },
      getDomainLatestScan: { policy: "resource", units: 1 },
      getDomainLatestPreConsentCookiesTrackers: { policy: "resource", units: 1 },
      getScanDiagnostics: { policy: "resource", units: 4 },
      getScanPulse: { policy: "resource", units: 4 },
      getScanStatus: { policy: "status", units: 1 },
      createScan: null,
      getHealth: null,
    });
  });

  it("lists the contract's status codes for the four routes it details", () => {
    expect(Object.keys(byId("createScan")!.responses).sort()).toEqual(["200", "202"]);
    expect(byId("createScan")!.errors).toEqual(["invalid_request", "unauthorized", "forbidden", "rate_limited", "internal_error"]);
    expect(Object.keys(byId("requestReadOnlyApiKey")!.responses)).toEqual(["201"]);
    expect(byId("requestReadOnlyApiKey")!.errors).toEqual([
      "invalid_request",
      "unauthorized",
      "forbidden",
      "rate_limited",
      "internal_error",
    ]);
    expect(byId("checkIntegrationCredential")!.errors).toEqual(expect.arrayContaining(["unauthorized", "forbidden", "internal_error"]));
    expect(byId("getScan")!.errors).toEqual(expect.arrayContaining(["invalid_request", "not_found", "rate_limited", "internal_error"]));
  });
});
