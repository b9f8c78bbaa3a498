import type { Caller, Credential } from "@public-scan/core";
import type { RestAppOptions } from "./rest-app-options.js";

/** What a route handler gets: the request, its decoded path parameters, and who is asking. */
export interface OperationContext {
  options: RestAppOptions;
  request: Request;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  caller: Caller;
  credential: Credential | null;
  /** The client address (trusted-proxy aware), or null when the host could not tell. */
  clientAddress: string | null;
}

/** A handler's answer: a status and body, and the wait before polling again for 202. */
export interface OperationResult {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
}
