import type { SurfaceHandler } from "@public-scan/http-h3";

/**
 * A surface whose code is imported at its first request, not at the function's start: a cold start that
 * answers REST never compiles the MCP SDK and its JSON-schema validators. The handler is made once; a load
 * that failed is tried again at the next request.
 */
export function lazySurface(load: () => Promise<SurfaceHandler>): SurfaceHandler {
  let handler: Promise<SurfaceHandler> | undefined;
  return async (request, context) => {
    handler ??= load().catch((error: unknown) => {
      handler = undefined;
      throw error;
    });
    return (await handler)(request, context);
  };
}
