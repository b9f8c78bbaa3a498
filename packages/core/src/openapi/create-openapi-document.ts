import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { DISCLAIMER } from "../contract/disclaimer.js";
import { ERROR_TABLE, type ErrorCode } from "../contract/error-codes.js";
import { ErrorEnvelopeSchema } from "../contract/error-envelope.js";
import { OPERATIONS, type OperationSpec } from "../contract/operations.js";
import { PulseEvidenceSchema } from "../contract/pulse-evidence.js";
import { ScanBundleSchema } from "../contract/scan-bundle.js";
import { ComparableScanSchema } from "../contract/scan-changes.js";
import { WebhookEventSchema } from "../contract/webhook-event.js";
import { MonitorIdSchema } from "../contract/monitor.js";
import { FindingIdSchema, HostSchema, RegionCodeSchema, ScanIdSchema } from "../contract/primitives.js";
import { ExportFailOnSchema, ExportMinScoreSchema, ScanExportFormatSchema } from "../contract/scan-export.js";
import { API_VERSION, CONTRACT_VERSION, HEADERS, WEIGHTED_READ_POLICY_VERSION } from "../contract/versions.js";

export interface OpenApiDocumentOptions {
  /** Base URL of the deployment; the committed document uses a relative server. */
  serverUrl?: string;
}

const BEARER = "bearerAuth";
const SESSION = "dashboardSession";

const PATH_PARAMS = {
  scanId: ScanIdSchema,
  findingId: FindingIdSchema,
  domain: HostSchema.meta({ description: "Host name of a scanned site." }),
  format: ScanExportFormatSchema,
  monitorId: MonitorIdSchema,
} as const;

const QUERY_PARAMS = {
  scanFrom: RegionCodeSchema,
  failOn: ExportFailOnSchema,
  minScore: ExportMinScoreSchema,
  since: ScanIdSchema.meta({
    description:
      "The earlier scan to compare with (same URL and region, completed with a result); default: the target's latest when this scan completed.",
  }),
} as const;

const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  invalid_request: "Malformed request or invalid identifier; correct before retrying.",
  unauthorized: "Missing or invalid credential, or sign-in required.",
  forbidden: "The credential lacks the required scope, or a verified non-disposable email is required.",
  not_found: "Scan or resource not found.",
  rate_limited: "A quota or weighted read limit was exceeded; wait for Retry-After.",
  internal_error: "Temporary unavailability; retry later, contact support if it repeats.",
};

const SUCCESS_DESCRIPTIONS: Record<200 | 201 | 202, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: the scan job is queued or running; poll its status after Retry-After.",
};

/**
 * Generates the OpenAPI 3.1.0 document from the contract's zod schemas and operation table, so the document,
 * the validators and the types can never disagree.
 */
export function createOpenApiDocument(options: OpenApiDocumentOptions = {}): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", BEARER, {
    type: "http",
    scheme: "bearer",
    description: "API key (`svc_ro_...` for self-serve keys) or OAuth access token. Listed scopes are required.",
  });
  registry.registerComponent("securitySchemes", SESSION, {
    type: "apiKey",
    in: "cookie",
    name: "service_session",
    description: "Signed-in dashboard session with a verified, non-disposable email.",
  });
  const headers = registerHeaders(registry);
  for (const operation of OPERATIONS) registry.registerPath(toRouteConfig(operation, headers));

  // Resources that only MCP returns are components too, so clients of either surface share one definition.
  // They carry their component name in zod's `.meta({ id })`, so no zod extension is needed.
  // So are the JSON export's `comparable` section, which the export route answers inside its file's text,
  // and the webhook events, which a receiver gets rather than asks for.
  const extraComponents = [PulseEvidenceSchema, ScanBundleSchema, ComparableScanSchema, WebhookEventSchema].map((schema) => ({
    type: "schema" as const,
    schema,
  }));
  const generator = new OpenApiGeneratorV31([...registry.definitions, ...extraComponents]);
  const document = generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Public-Web Scan Service API",
      version: CONTRACT_VERSION,
      description: `Privacy and consent scans of public websites. API ${API_VERSION}; weighted read policy ${WEIGHTED_READ_POLICY_VERSION}.\n\n${DISCLAIMER}`,
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: options.serverUrl ?? "/", description: "This deployment" }],
    security: [{ [BEARER]: [] }],
    tags: [
      { name: "scans", description: "Scan creation, status and results" },
      { name: "domains", description: "Latest eligible scan of a domain" },
      { name: "monitors", description: "Scheduled rescans of a URL with signed webhooks (this service's extension)" },
      { name: "access", description: "API keys and credential checks" },
      { name: "discovery", description: "Health and the contract" },
    ],
  });
  return document as unknown as Record<string, unknown>;
}

type HeaderRefs = ReturnType<typeof registerHeaders>;

function registerHeaders(registry: OpenAPIRegistry) {
  registry.registerComponent("headers", "ApiVersion", {
    description: "API version, always `v2`.",
    required: true,
    schema: { type: "string", const: API_VERSION },
  });
  registry.registerComponent("headers", "RequestId", {
    description: "Request identifier for support.",
    required: true,
    schema: { type: "string" },
  });
  registry.registerComponent("headers", "RetryAfter", {
    description: "Seconds to wait before retrying or polling again.",
    required: true,
    schema: { type: "integer", minimum: 0 },
  });
  const always = {
    [HEADERS.apiVersion]: { $ref: "#/components/headers/ApiVersion" },
    [HEADERS.requestId]: { $ref: "#/components/headers/RequestId" },
  };
  return { always, withRetryAfter: { ...always, [HEADERS.retryAfter]: { $ref: "#/components/headers/RetryAfter" } } };
}

function toRouteConfig(operation: OperationSpec, headers: HeaderRefs): RouteConfig {
  const responses: Record<string, ResponseConfig> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    const code = Number(status) as 200 | 201 | 202;
    // A file (an export) is text in its own media type, named by Content-Disposition; the rest is JSON.
    const file = code === 200 && operation.produces !== undefined;
    responses[status] = {
      description: file ? "The file, named in Content-Disposition." : SUCCESS_DESCRIPTIONS[code],
      headers:
        code === 202 ? headers.withRetryAfter : file ? { ...headers.always, "Content-Disposition": CONTENT_DISPOSITION } : headers.always,
      content: file
        ? Object.fromEntries((operation.produces ?? []).map((media) => [media, { schema: { type: "string" as const } }]))
        : { "application/json": { schema } },
    };
  }
  for (const code of operation.errors) {
    const { status } = ERROR_TABLE[code];
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[code],
      headers: status === 429 ? headers.withRetryAfter : headers.always,
      content: { "application/json": { schema: ErrorEnvelopeSchema } },
    };
  }

  const params = Object.fromEntries(operation.pathParams.map((name) => [name, PATH_PARAMS[name]]));
  const query = Object.fromEntries(operation.queryParams.map((name) => [name, QUERY_PARAMS[name].optional()]));
  const request: RouteConfig["request"] = {
    ...(operation.pathParams.length > 0 ? { params: z.object(params) } : {}),
    ...(operation.queryParams.length > 0 ? { query: z.object(query) } : {}),
    ...(operation.requestBody === null
      ? {}
      : { body: { required: operation.requestBody.required, content: { "application/json": { schema: operation.requestBody.schema } } } }),
  };

  return {
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [tagOf(operation)],
    security: toSecurity(operation),
    request,
    responses,
    ...(operation.readWeight === null ? {} : { "x-read-weight": { ...operation.readWeight, policyVersion: WEIGHTED_READ_POLICY_VERSION } }),
    // Routes this service adds to the contract's table say so, for clients that hold to the contract alone.
    ...(operation.extension === true ? { "x-extension": true } : {}),
  };
}

const CONTENT_DISPOSITION = {
  description: "`attachment` with the file's name, such as `public-scan.sarif`.",
  schema: { type: "string" as const },
};

function toSecurity(operation: OperationSpec): RouteConfig["security"] {
  const scopes = [...operation.scopes];
  switch (operation.security) {
    case "none":
      return [];
    case "bearer":
      return [{ [BEARER]: scopes }];
    case "bearer_optional":
      return [{}, { [BEARER]: scopes }];
    case "dashboard_session":
      return [{ [SESSION]: [] }];
  }
}

function tagOf(operation: OperationSpec): string {
  if (operation.path.startsWith("/api/v2/domains")) return "domains";
  if (operation.path.startsWith("/api/v2/scans")) return "scans";
  if (operation.path.startsWith("/api/v2/monitors")) return "monitors";
  if (operation.path.startsWith("/api/v2/keys") || operation.path.startsWith("/api/v2/auth")) return "access";
  return "discovery";
}
