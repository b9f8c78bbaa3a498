/** Versions and protocol constants of the v2 contract ("Versioning"). */
export const API_VERSION = "v2" as const;
export const API_PREFIX = "/api/v2" as const;
/** Version of the OpenAPI document this package generates. */
export const CONTRACT_VERSION = "0.1.6" as const;
export const WEIGHTED_READ_POLICY_VERSION = "2026-08-14" as const;

/** Response headers every response carries; 202 and 429 may add Retry-After. */
export const HEADERS = {
  apiVersion: "x-service-api-version",
  requestId: "x-service-request-id",
  retryAfter: "Retry-After",
} as const;
