import { randomUUID } from "node:crypto";
import { OPERATIONS, isServiceError, type OperationSpec } from "@public-scan/core";
import { H3, type H3Event } from "h3";
import { createClientAddressResolver } from "./create-client-address-resolver.js";
import { createOperationRoute } from "./create-operation-route.js";
import { corsHeaders } from "./cors-headers.js";
import { fromH3Error } from "./from-h3-error.js";
import { createReportRoute } from "./create-report-route.js";
import type { RestAppOptions } from "./rest-app-options.js";
import { toErrorResponse } from "./to-error-response.js";
import { toRouterPath } from "./to-router-path.js";

/** The peer address as the host saw it: srvx sets `request.ip`; an in-process host may set `context.clientAddress`. */
const peerOf = (event: H3Event) => event.req.ip ?? event.context.clientAddress;

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
  const app = new H3({
    silent: true,
    // Reached only for what h3 refuses before any route runs: no route matched, or a malformed path.
    onError: (error, event) => {
      const mapped = fromH3Error(error);
      const requestId = randomUUID();
      if (!isServiceError(mapped)) options.onError?.(error, { requestId, route: event.url.pathname });
      return toErrorResponse(mapped, { requestId, headers: corsHeaders(options.cors !== false) });
    },
  });
  for (const [path, operations] of groupByPath(OPERATIONS)) {
    app.all(toRouterPath(path), createOperationRoute({ options, operations, addressOf }));
  }
  createReportRoute(app, { options, addressOf });
  return app;
}
