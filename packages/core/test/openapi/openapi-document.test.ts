import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../../src/contract/index.js";
import { createOpenApiDocument } from "../../src/openapi/index.js";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const committedPath = `${root}docs/openapi.json`;

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> }>;
}
type Document = {
  openapi: string;
  info: { version: string };
  security: unknown;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const document = createOpenApiDocument() as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
);

describe("OpenAPI document", () => {
  it("is committed up to date in docs/openapi.json (run `pnpm openapi` after a contract change)", () => {
    const committed = readFileSync(committedPath, "utf8");
    expect(committed).toBe(`${JSON.stringify(document, null, 2)}\n`);
  });

  it("is OpenAPI 3.1.0, version 0.1.6, with bearer as the default security", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("0.1.6");
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  it("lists the contract's 14 operations and the service's export, changes and monitor routes, marked as extensions", () => {
    expect(operations).toHaveLength(24);
    expect(
      operations
        .filter((operation) => (operation as { "x-extension"?: boolean })["x-extension"] === true)
        .map((operation) => operation.operationId),
    ).toEqual([
      "getScanExport",
      "getScanChanges",
      "createMonitor",
      "listMonitors",
      "getMonitor",
      "deleteMonitor",
      "listMonitorRuns",
      "pauseMonitor",
      "resumeMonitor",
      "rotateMonitorWebhookSecret",
    ]);
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      OPERATIONS.map((operation) => operation.operationId).sort(),
    );
    expect(operations.find((operation) => operation.path === "/api/v2/scans" && operation.method === "post")?.operationId).toBe(
      "createScan",
    );
  });

  it("lets createScan run with no credential or a bearer, and key requests with a dashboard session only", () => {
    const create = operations.find((operation) => operation.operationId === "createScan");
    const keys = operations.find((operation) => operation.operationId === "requestReadOnlyApiKey");
    expect(create?.security).toEqual([{}, { bearerAuth: ["scan:create"] }]);
    expect(keys?.security).toEqual([{ dashboardSession: [] }]);
  });

  it("puts the version and request-id headers on every response, and Retry-After on every 202 and 429", () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const names = Object.keys(response.headers ?? {});
        expect(names, `${operation.operationId} ${status}`).toEqual(
          expect.arrayContaining(["x-service-api-version", "x-service-request-id"]),
        );
        expect(names.includes("Retry-After"), `${operation.operationId} ${status}`).toBe(status === "202" || status === "429");
      }
    }
  });

  it("describes every error response with the error envelope", () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.["application/json"]?.schema.$ref, `${operation.operationId} ${status}`).toBe(
          "#/components/schemas/ErrorEnvelope",
        );
      }
    }
  });

  it("documents the contract's statuses of createScan and getScan", () => {
    const statuses = (id: string) => Object.keys(operations.find((operation) => operation.operationId === id)!.responses).sort();
    expect(statuses("createScan")).toEqual(["200", "202", "400", "401", "403", "429", "500"]);
    expect(statuses("getScan")).toEqual(expect.arrayContaining(["200", "400", "404", "429", "500"]));
    expect(statuses("requestReadOnlyApiKey")).toEqual(["201", "400", "401", "403", "429", "500"]);
  });

  it("documents the export route's file answers: one media type per format, named by Content-Disposition", () => {
    const route = (document.paths as unknown as Record<string, Record<string, Record<string, unknown>>>)[
      "/api/v2/scans/{scanId}/exports/{format}"
    ]!.get!;
    const ok = (route.responses as Record<string, { content: Record<string, { schema: unknown }>; headers: Record<string, unknown> }>)[
      "200"
    ]!;
    expect(Object.keys(ok.content)).toEqual([
      "application/json",
      "application/sarif+json",
      "application/xml",
      "text/csv",
      "text/markdown",
      "text/html",
    ]);
    for (const media of Object.values(ok.content)) expect(media.schema).toEqual({ type: "string" });
    expect(Object.keys(ok.headers)).toContain("Content-Disposition");
    const parameters = route.parameters as Array<{ name: string; in: string; schema: { enum?: string[] } }>;
    expect(parameters.find((parameter) => parameter.name === "format")?.schema.enum).toEqual([
      "json",
      "sarif",
      "junit",
      "csv",
      "phases-csv",
      "md",
      "html",
    ]);
    expect(parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name)).toEqual(["failOn", "minScore"]);
  });

  it("publishes every resource of the contract as a component", () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "Scan",
        "ScanJob",
        "AuthCheck",
        "IssuedApiKey",
        "ReadOnlyKeyRequest",
        "CreateScanRequest",
        "FindingList",
        "FindingSummary",
        "FindingDetail",
        "PreConsentTable",
        "PreConsentRow",
        "Pulse",
        "PulseEvidence",
        "ScanBundle",
        "ScanDiagnostics",
        "Health",
        "ErrorEnvelope",
        "RateLimitDetails",
      ]),
    );
  });

  it("passes `redocly lint` with no errors and no warnings beyond the documented exceptions", async () => {
    const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
    const { stdout } = await promisify(execFile)(process.execPath, [cli, "lint", "docs/openapi.json", "--format=json"], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number; ignored: number } };
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 6 });
  });
});
