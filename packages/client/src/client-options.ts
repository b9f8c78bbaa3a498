import type { OperationId } from "@public-scan/core/contract";

/** Checks a response body against the contract; throws `ResponseContractError` when it does not match. */
export type ResponseValidator = (response: { operationId: OperationId; status: number; body: unknown }) => void;

export interface RequestEvent {
  operationId: OperationId;
  method: "GET" | "POST" | "DELETE";
  /** The URL path, without the query string (which may hold a scanned page's address). */
  path: string;
}

export interface ResponseEvent extends RequestEvent {
  status: number;
  requestId: string | null;
  durationMs: number;
}

export interface ClientOptions {
  /** The deployment's base URL, e.g. `https://scan.example.com` (the API is under `/api/v2`). */
  baseUrl: string;
  /** An API key (`svc_...`), sent as `Authorization: Bearer`; REST does not take OAuth access tokens (those are for /mcp). Anonymous without. */
  apiKey?: string;
  /** A fetch implementation (default: the global `fetch`): for proxies, tests, or instrumented clients. */
  fetch?: typeof fetch;
  /** Time budget of one request, in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Sent as `User-Agent` where the runtime allows it (browsers keep their own). */
  userAgent?: string;
  /**
   * Checks every body against the contract's schemas. Off by default to keep the client small; pass
   * `contractValidator` from `@public-scan/client/validate` to turn it on.
   */
  validate?: ResponseValidator;
  /** Logging and metrics hooks. They must not throw; what they return is ignored. */
  hooks?: {
    onRequest?: (event: RequestEvent) => void;
    onResponse?: (event: ResponseEvent) => void;
  };
}

/** Per call: cancel it, or give it another time budget. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}
