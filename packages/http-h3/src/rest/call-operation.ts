import {
  OPERATION_USE_CASES,
  ServiceError,
  type Caller,
  type Credential,
  type OperationSpec,
  type Outcome,
  type UseCaseOperationId,
} from "@public-scan/core";
import { loadReportPages } from "./load-report-pages.js";
import { isCrossSite } from "./is-cross-site.js";
import { readJsonBody } from "./read-json-body.js";
import { DEFAULT_MAX_BODY_BYTES, type RestAppOptions } from "./rest-app-options.js";

export interface OperationCall {
  operation: OperationSpec;
  request: Request;
  params: Readonly<Record<string, string>>;
  caller: Caller;
  credential: Credential | null;
}

/**
 * Calls the operation's use-case from core's table. Only what is HTTP stays here: the same-site check of
 * the cookie-authenticated route, reading the JSON body within its size limit, and the OpenAPI document
 * for this deployment's base URL.
 */
export async function callOperation(options: RestAppOptions, call: OperationCall): Promise<Outcome<unknown>> {
  const { operation, request } = call;
  if (operation.operationId === "getOpenApiDocument")
    return { status: 200, body: await openApiDocumentFor(options.service.config.baseUrl) };
  const dashboard = operation.security === "dashboard_session";
  // The key request audits every refusal, so a body it cannot read is handed to it rather than thrown here.
  let body: unknown;
  let bodyError: ServiceError | undefined;
  try {
    body =
      operation.requestBody === null
        ? undefined
        : await readJsonBody(request, { maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES });
  } catch (error) {
    if (!dashboard || !(error instanceof ServiceError)) throw error;
    bodyError = error;
  }
  // The HTML export is the only operation that renders a page: its renderers load for it alone.
  const pages = call.params.format === "html" ? await loadReportPages() : undefined;
  return OPERATION_USE_CASES[operation.operationId as UseCaseOperationId](
    {
      service: options.service,
      keys: options.keys,
      keyRequests: options.keyRequests,
      monitors: options.monitors,
      surfaces: {
        rest: true,
        mcp: options.surfaces?.mcp ?? options.mcp?.hosted !== undefined,
        mcpLight: options.surfaces?.mcpLight ?? options.mcp?.light !== undefined,
      },
      probes: options.probes,
      onProbeError: (error) => options.onError?.(error, { requestId: "health", route: "getHealth" }),
      ...(pages === undefined ? {} : { renderReportHtml: (view) => pages.renderReportPage(view).html }),
    },
    {
      params: call.params,
      query: firstValues(new URL(request.url).searchParams),
      body,
      caller: call.caller,
      credential: call.credential,
      authorization: request.headers.get("authorization") ?? undefined,
      cookieHeader: request.headers.get("cookie") ?? undefined,
      // The only cookie-authenticated route: a page elsewhere must not spend a signed-in user's issuance allowance.
      ...(dashboard ? { crossSite: isCrossSite(request, options.service.config.baseUrl) } : {}),
      ...(bodyError === undefined ? {} : { bodyError }),
    },
  );
}

/** `URLSearchParams.get` semantics: the first value of a repeated parameter. */
const firstValues = (search: URLSearchParams) =>
  Object.fromEntries([...new Set(search.keys())].map((name) => [name, search.get(name) ?? undefined]));

const documents = new Map<string, Record<string, unknown>>();

/**
 * The OpenAPI document with the deployment's base URL as its server; generated once per base URL. Its
 * generator (zod-to-openapi) is imported at the first request for it: a cold start never loads it.
 */
async function openApiDocumentFor(baseUrl: string): Promise<Record<string, unknown>> {
  let document = documents.get(baseUrl);
  if (document === undefined) {
    const { createOpenApiDocument } = await import("@public-scan/core/openapi");
    document = createOpenApiDocument({ serverUrl: baseUrl.replace(/\/+$/, "") });
    documents.set(baseUrl, document);
  }
  return document;
}
