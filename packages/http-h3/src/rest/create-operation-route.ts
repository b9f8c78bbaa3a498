import { ServiceError, UNKNOWN_CLIENT, isScanExportDocument, isServiceError, resolveCaller, type OperationSpec } from "@public-scan/core";
import { getRouterParams, type H3Event } from "h3";
import { callOperation } from "./call-operation.js";
import type { RestAppOptions } from "./rest-app-options.js";
import { requestContextOf } from "./request-context.js";
import { baseHeaders, corsHeaders, preflightHeaders, toErrorResponse, toFileResponse, toJsonResponse } from "./to-json-response.js";

/** Routes that check their own credentials: the auth check reports on it, the key request uses a session. */
const SELF_AUTHENTICATING = new Set<string>(["checkIntegrationCredential", "requestReadOnlyApiKey"]);

export interface OperationRouteInput {
  options: RestAppOptions;
  /** The operations of one path (one per method). */
  operations: readonly OperationSpec[];
  addressOf: (event: H3Event) => string | null;
}

/**
 * The handler of one path: picks the operation by method (HEAD is GET without a body; OPTIONS answers
 * preflights; any other method is `invalid_request` with `Allow`), resolves the caller, calls the
 * operation's handler and writes the answer, or the error envelope, with the contract's headers.
 */
export function createOperationRoute(input: OperationRouteInput) {
  const { options, operations } = input;
  const methods = operations.map((operation) => operation.method.toUpperCase());
  if (methods.includes("GET")) methods.push("HEAD");
  // The key request authenticates with a cookie: it must never be readable cross-origin.
  const cors = options.cors !== false && !operations.some((operation) => operation.security === "dashboard_session");
  const allow = { allow: [...methods, "OPTIONS"].join(", ") };
  // Anonymous scan creation is charged to the caller's address: a page elsewhere must not spend its
  // visitors' allowance from their browsers, so cross-origin calls of it need a bearer key.
  const anonymousWrite = operations.some((operation) => operation.method === "post" && operation.security === "bearer_optional");
  const corsFor = (request: Request) => {
    if (!anonymousWrite) return cors;
    const asked =
      request.method === "OPTIONS"
        ? (request.headers.get("access-control-request-headers") ?? "")
        : (request.headers.get("authorization") ?? "");
    return cors && (request.method === "OPTIONS" ? /(^|,)\s*authorization\s*(,|$)/i.test(asked) : asked !== "");
  };

  return async (event: H3Event): Promise<Response> => {
    const { requestId } = requestContextOf(event);
    const method = event.req.method.toUpperCase();
    if (method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: { ...preflightHeaders({ enabled: corsFor(event.req), methods }), ...baseHeaders(requestId) },
      });
    }
    const operation = operations.find((candidate) => candidate.method.toUpperCase() === (method === "HEAD" ? "GET" : method));
    try {
      if (operation === undefined) throw new ServiceError("invalid_request", `${method} is not allowed here; allowed: ${allow.allow}.`);
      const clientAddress = input.addressOf(event);
      const { caller, credential } = SELF_AUTHENTICATING.has(operation.operationId)
        ? { caller: { kind: "anonymous" as const, ip: clientAddress ?? UNKNOWN_CLIENT }, credential: null }
        : await resolveCaller(
            { keys: options.keys, clock: options.service.clock, limits: options.service.limits },
            { access: operation, authorization: event.req.headers.get("authorization") ?? undefined, clientAddress },
          );
      const result = await callOperation(options, {
        operation,
        request: event.req,
        params: getRouterParams(event, { decode: true }),
        caller,
        credential,
      });
      const response =
        result.status === 200 && isScanExportDocument(result.body)
          ? toFileResponse(result.body, { requestId, headers: corsHeaders(corsFor(event.req)) })
          : toJsonResponse({
              status: result.status,
              body: result.body,
              requestId,
              retryAfterSeconds: result.status === 202 ? result.retryAfterSeconds : null,
              headers: corsHeaders(corsFor(event.req)),
            });
      return method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;
    } catch (error) {
      if (!isServiceError(error)) options.onError?.(error, { requestId, route: operation?.operationId ?? operations[0]?.path ?? "" });
      return toErrorResponse(error, {
        requestId,
        headers: { ...corsHeaders(corsFor(event.req)), ...(operation === undefined ? allow : {}) },
      });
    }
  };
}
