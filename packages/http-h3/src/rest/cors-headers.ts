import { HEADERS } from "@public-scan/core";

/**
 * CORS for browser clients of the bearer API: any origin may read, no cookies are involved
 * (`Access-Control-Allow-Origin: *` never carries credentials), and the contract's headers are readable.
 */
export function corsHeaders(enabled: boolean): Record<string, string> {
  if (!enabled) return {};
  return {
    "access-control-allow-origin": "*",
    "access-control-expose-headers": [HEADERS.apiVersion, HEADERS.requestId, HEADERS.retryAfter].join(", "),
  };
}

/** The answer to a preflight: which methods and request headers the route takes, cached for ten minutes. */
export function preflightHeaders(input: { enabled: boolean; methods: readonly string[] }): Record<string, string> {
  const allow = { allow: [...input.methods, "OPTIONS"].join(", ") };
  if (!input.enabled) return allow;
  return {
    ...allow,
    ...corsHeaders(true),
    "access-control-allow-methods": input.methods.join(", "),
    "access-control-allow-headers": "authorization, content-type",
    "access-control-max-age": "600",
  };
}
