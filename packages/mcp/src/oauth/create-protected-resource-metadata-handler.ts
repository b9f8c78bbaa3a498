import type { OAuthResourceOptions } from "./oauth-resource-options.js";
import { toProtectedResourceMetadata } from "./to-protected-resource-metadata.js";

/**
 * The answer at `/.well-known/oauth-protected-resource/mcp`: the metadata as public JSON, readable from any
 * origin (browser-based MCP clients discover the authorization server from it) and cacheable for an hour.
 */
export function createProtectedResourceMetadataHandler(input: { baseUrl: string; oauth: OAuthResourceOptions }) {
  const resource = input.oauth.resource ?? `${input.baseUrl.replace(/\/+$/, "")}/mcp`;
  const body = JSON.stringify(toProtectedResourceMetadata({ resource, issuer: input.oauth.issuer }));
  return (request: Request): Promise<Response> => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return Promise.resolve(new Response(null, { status: 405, headers: { allow: "GET, HEAD" } }));
    }
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "access-control-allow-origin": "*",
      "cache-control": "public, max-age=3600",
    };
    return Promise.resolve(new Response(request.method === "HEAD" ? null : body, { status: 200, headers }));
  };
}
