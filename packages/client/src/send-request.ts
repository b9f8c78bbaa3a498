import type { ErrorBody, OperationId } from "@public-scan/core/contract";
import { NetworkError, ResponseContractError, ServiceApiError, TimeoutError } from "./client-errors.js";
import type { CallOptions, ClientOptions } from "./client-options.js";
import { CLIENT_ROUTES } from "./client-routes.js";

export interface ClientResponse<T> {
  status: number;
  body: T;
  requestId: string | null;
  /** `Retry-After` in seconds, when the service sent one (202 and 429). */
  retryAfterSeconds: number | null;
}

export interface SendInput {
  operationId: OperationId;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
  call?: CallOptions | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Read at the moment of the call (a signal aborts while a request is in flight). */
const isAborted = (signal: AbortSignal | undefined) => signal?.aborted === true;

const isErrorBody = (value: unknown): value is { error: ErrorBody } => {
  const error = (value as { error?: Partial<ErrorBody> } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string" && typeof error.retryable === "boolean";
};

function toUrl(baseUrl: string, input: SendInput): { href: string; path: string } {
  const template = CLIENT_ROUTES[input.operationId].path;
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === "") throw new TypeError(`${input.operationId}: ${name} is required`);
    // Every parameter is one path segment: a scan ID like "../keys" cannot reach another route.
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined) search.set(name, value);
  const query = search.size > 0 ? `?${search.toString()}` : "";
  return { href: `${baseUrl.replace(/\/+$/, "")}${path}${query}`, path };
}

/**
 * One call of one operation: the bearer, the time budget and the caller's signal, then the answer sorted
 * into a resource (a success status of the route), a `ServiceApiError` (the envelope), or a
 * `ResponseContractError` (anything else). Network failures and timeouts are their own errors.
 */
export async function sendRequest<T>(options: ClientOptions, input: SendInput): Promise<ClientResponse<T>> {
  const route = CLIENT_ROUTES[input.operationId];
  const { href, path } = toUrl(options.baseUrl, input);
  const method = route.method.toUpperCase() as "GET" | "POST" | "DELETE";
  // A file route answers its file in the format's media type, and errors as JSON.
  const headers: Record<string, string> = { accept: route.file === true ? "*/*" : "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  if (options.userAgent !== undefined) headers["user-agent"] = options.userAgent;
  if (input.body !== undefined) headers["content-type"] = "application/json";

  // A call cancelled before it starts sends nothing.
  if (input.call?.signal?.aborted === true) throw input.call.signal.reason;
  const timeoutMs = input.call?.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.call?.signal === undefined ? timeout : AbortSignal.any([timeout, input.call.signal]);
  const started = Date.now();
  options.hooks?.onRequest?.({ operationId: input.operationId, method, path });
  let response: Response;
  let text: string;
  try {
    response = await (options.fetch ?? fetch)(href, {
      method,
      headers,
      signal,
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError(`${input.operationId} took longer than ${timeoutMs} ms`, input.operationId);
    if (isAborted(input.call?.signal)) throw input.call!.signal!.reason;
    throw new NetworkError(`${input.operationId}: ${error instanceof Error ? error.message : String(error)}`, input.operationId, {
      cause: error,
    });
  }
  const requestId = response.headers.get("x-service-request-id");
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  options.hooks?.onResponse?.({
    operationId: input.operationId,
    method,
    path,
    status: response.status,
    requestId,
    durationMs: Date.now() - started,
  });

  let body: unknown;
  try {
    body = route.file === true && response.status === 200 ? text : JSON.parse(text);
  } catch {
    throw new ResponseContractError(`${input.operationId}: HTTP ${response.status} without a JSON body`, {
      operationId: input.operationId,
      status: response.status,
      body: text.slice(0, 512),
    });
  }
  options.validate?.({ operationId: input.operationId, status: response.status, body });
  if ((route.success as readonly number[]).includes(response.status)) {
    return { status: response.status, body: body as T, requestId, retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null };
  }
  if (response.status >= 400 && isErrorBody(body)) {
    throw new ServiceApiError({ status: response.status, body: body.error, requestId, operationId: input.operationId });
  }
  throw new ResponseContractError(`${input.operationId}: unexpected HTTP ${response.status}`, {
    operationId: input.operationId,
    status: response.status,
    body,
  });
}
