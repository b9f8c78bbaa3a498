import { randomUUID } from "node:crypto";
import type { H3Event } from "h3";

/** A request id is kept when it is this shape: no spaces, quotes or separators a log line could be forged with. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

interface RequestContext {
  readonly requestId: string;
  /** `performance.now()` when the request arrived. */
  readonly startedAt: number;
  /** Whether the client's request came over https: to this server, or to a trusted proxy that said so. */
  readonly secure: boolean;
}

const contexts = new WeakMap<H3Event, RequestContext>();

/**
 * Starts a request's context: its id is the `X-Request-Id` a trusted proxy sent, when well formed (so one id
 * follows the request through the proxy's logs and this service's), else a fresh UUID. A client's own header
 * is never believed: it could make its requests look like someone else's in the logs.
 */
export function startRequestContext(event: H3Event, input: { fromTrustedProxy: boolean }): RequestContext {
  const incoming = event.req.headers.get("x-request-id");
  const requestId = input.fromTrustedProxy && incoming !== null && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const forwardedProto = event.req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const secure = event.url.protocol === "https:" || (input.fromTrustedProxy && forwardedProto === "https");
  const context = { requestId, startedAt: performance.now(), secure };
  contexts.set(event, context);
  return context;
}

/** The request's context; started here (with a fresh id) for a request h3 refused before its hooks ran. */
export function requestContextOf(event: H3Event): RequestContext {
  return contexts.get(event) ?? startRequestContext(event, { fromTrustedProxy: false });
}
