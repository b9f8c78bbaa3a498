import { requestReadOnlyKey, ServiceError, UNKNOWN_CLIENT } from "@public-scan/core";
import type { OperationContext, OperationResult } from "./operation-context.js";
import { readJsonBody } from "./read-json-body.js";
import { DEFAULT_MAX_BODY_BYTES } from "./rest-app-options.js";

/**
 * POST /api/v2/keys/request. The only cookie-authenticated route, so it refuses cross-site calls: a page
 * elsewhere must not spend a signed-in user's issuance allowance (CSRF). Browsers say where a request comes
 * from in `Sec-Fetch-Site` and `Origin`; other clients send neither, and need the session cookie anyway.
 */
export async function requestKey(context: OperationContext): Promise<OperationResult> {
  const { request, options } = context;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const ownOrigin = new URL(options.service.config.baseUrl).origin;
  if ((site !== null && site !== "same-origin" && site !== "none") || (origin !== null && origin !== ownOrigin)) {
    throw new ServiceError("forbidden", "Request keys from the dashboard of this service; cross-site requests are refused.");
  }
  const body = await readJsonBody(request, { maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES });
  if (options.keyRequests === undefined)
    throw new ServiceError("unauthorized", "This deployment has no dashboard sign-in for key requests.");
  return requestReadOnlyKey(
    {
      keys: options.keys,
      clock: options.service.clock,
      supportEmail: options.service.config.supportEmail,
      ...options.keyRequests,
    },
    { body, cookieHeader: request.headers.get("cookie") ?? undefined, ip: context.clientAddress ?? UNKNOWN_CLIENT },
  );
}
