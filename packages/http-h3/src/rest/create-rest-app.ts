import { HEADERS, OPERATIONS, isServiceError, notifyObserver, ServiceError, type OperationSpec } from "@public-scan/core";
import { H3, HTTPError, type H3Event } from "h3";
import { createClientAddressResolver, createProxyTrust } from "./create-client-address-resolver.js";
import { createOperationRoute } from "./create-operation-route.js";
import { addProbeRoutes } from "./create-probe-app.js";
import { createHomeRoute } from "./create-home-route.js";
import { createReportRoute } from "./create-report-route.js";
import { toHstsHeader, type RestAppOptions } from "./rest-app-options.js";
import { requestContextOf, startRequestContext } from "./request-context.js";
import { corsHeaders, toErrorResponse } from "./to-json-response.js";
import { readTraceParent } from "./read-trace-parent.js";

/** The peer address as the host saw it: srvx sets `request.ip`; an in-process host may set `context.clientAddress`. */
const peerOf = (event: H3Event) => event.req.ip ?? event.context.clientAddress;

/** An OpenAPI path (`/scans/{scanId}`) as an h3 route (`/scans/:scanId`). */
const toRouterPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * The template of the route that answered (`/api/v2/scans/{scanId}`), in the OpenAPI document's notation:
 * what logs and metrics name a request by. Never the requested path, which carries scan ids, domains and
 * query strings; `(unmatched)` when no route matched.
 */
const routeTemplateOf = (event: H3Event) => event.context.matchedRoute?.route?.replace(/:(\w+)/g, "{$1}") ?? "(unmatched)";

/** The methods a metric may name; anything else is `OTHER`, so a client cannot mint label values. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Errors h3 raises before a handler runs (no route matched, a malformed percent-encoded path), in the
 * contract's terms: a client mistake is `not_found` or `invalid_request`, never a 500.
 */
function fromH3Error(error: unknown): unknown {
  if (isServiceError(error)) return error;
  const cause = error instanceof HTTPError ? error.cause : undefined;
  if (isServiceError(cause)) return cause;
  if (!(error instanceof HTTPError) || error.unhandled) return error;
  if (error.status === 404) return new ServiceError("not_found", "No such route. The routes are listed in /api/v2/openapi.json.");
  if (error.status >= 400 && error.status < 500) return new ServiceError("invalid_request", "The request is malformed.");
  return error;
}

function groupByPath(operations: readonly OperationSpec[]) {
  const byPath = new Map<string, OperationSpec[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  return byPath;
}

/**
 * The REST /api/v2 surface and the report page as an h3 app (`app.fetch(request)`). Every route of the
 * contract comes from core's operation table; each handler only translates HTTP to a use-case. Every
 * response, errors included, carries the version and request-id headers; every error is the envelope.
 */
export function createRestApp(options: RestAppOptions): H3 {
  const clientAddressOf = createClientAddressResolver(options.trustedProxies);
  const addressOf = (event: H3Event) => clientAddressOf({ peer: peerOf(event), forwardedFor: event.req.headers.get("x-forwarded-for") });
  const fromTrustedProxy = createProxyTrust(options.trustedProxies);
  const hsts = toHstsHeader(options.hsts);
  const app = new H3({
    silent: true,
    onRequest: (event) => void startRequestContext(event, { fromTrustedProxy: fromTrustedProxy(peerOf(event)) }),
    onResponse: (response, event) => {
      const { requestId, startedAt, secure } = requestContextOf(event);
      // The surfaces this app mounts (MCP, accounts) own their responses: they get the request id here, and
      // HSTS with every other response that went over https.
      try {
        if (!response.headers.has(HEADERS.requestId)) response.headers.set(HEADERS.requestId, requestId);
        if (secure && hsts !== null) response.headers.set("strict-transport-security", hsts);
      } catch {
        // A response with immutable headers (a proxied fetch) keeps its own.
      }
      const method = event.req.method.toUpperCase();
      const traceParent = readTraceParent(event.req.headers);
      notifyObserver(options.service.observer, "requestFinished", {
        requestId,
        method: KNOWN_METHODS.has(method) ? method : "OTHER",
        route: routeTemplateOf(event),
        status: response.status,
        durationMs: performance.now() - startedAt,
        ...(traceParent === undefined ? {} : { traceParent }),
      });
    },
    // Reached only for what h3 refuses before any route runs: no route matched, or a malformed path.
    onError: (error, event) => {
      const mapped = fromH3Error(error);
      const { requestId } = requestContextOf(event);
      if (!isServiceError(mapped)) options.onError?.(error, { requestId, route: routeTemplateOf(event) });
      return toErrorResponse(mapped, { requestId, headers: corsHeaders(options.cors !== false) });
    },
  });
  for (const [path, operations] of groupByPath(OPERATIONS)) {
    app.all(toRouterPath(path), createOperationRoute({ options, operations, addressOf }));
  }
  createReportRoute(app, { options, addressOf });
  createHomeRoute(app, { options, addressOf });
  addProbeRoutes(app, {
    scans: options.service.scans,
    probes: options.probes,
    onProbeError: (error) => options.onError?.(error, { requestId: "readiness", route: "readiness" }),
  });
  // The MCP endpoints answer JSON-RPC, not the REST envelope: their handlers own their responses.
  for (const [path, handler] of [
    ["/mcp", options.mcp?.hosted],
    ["/mcp/light", options.mcp?.light],
    // The contract's path (RFC 9728: the well-known segment before the resource's path).
    ["/.well-known/oauth-protected-resource/mcp", options.mcp?.protectedResourceMetadata],
  ] as const) {
    if (handler !== undefined) app.all(path, (event) => handler(event.req, { clientAddress: addressOf(event) }));
  }
  for (const mount of options.mounts ?? []) {
    for (const path of mount.paths) app.all(path, (event) => mount.handler(event.req, { clientAddress: addressOf(event) }));
  }
  return app;
}
