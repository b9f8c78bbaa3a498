import {
  createLightScanQuota,
  grantedScopes,
  isMonitorTool,
  isServiceError,
  MCP_LIGHT_TOOL_NAMES,
  MCP_TOOLS,
  resolveCaller,
  ServiceError,
  toErrorEnvelope,
  toHttpStatus,
  UNKNOWN_CLIENT,
  type Caller,
  type KeyStore,
  type McpToolName,
  type Scope,
  type ServiceDeps,
} from "@public-scan/core";
import { createAccessTokenVerifier } from "./oauth/create-access-token-verifier.js";
import { PROTECTED_RESOURCE_METADATA_PATH, type OAuthResourceOptions } from "./oauth/oauth-resource-options.js";

/** Who calls, the tools it may use, and the service its calls run on (on Light, with the Light quota). */
export type McpAccess = { caller: Caller; tools: ReadonlySet<McpToolName>; service: ServiceDeps };

export interface AccessResolverOptions {
  service: ServiceDeps;
  surface: "hosted" | "light";
  keys?: KeyStore | undefined;
  oauth?: OAuthResourceOptions | undefined;
  /** Whether the host runs monitors: without them the monitor tools are not offered, whatever the scopes. */
  monitors?: boolean;
}

/** An API key is `svc_` and base62; a JWT is three base64url parts joined by dots. */
const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

/**
 * Who calls an MCP endpoint, and which tools it may use. Light: anyone, by address, three tools. Hosted:
 * an API key, or with `oauth` an access token of the configured authorization server; scope `mcp` is
 * needed, and the tools are those the scopes allow. A refusal is an HTTP answer, as the MCP authorization
 * specification asks: 401 with a Bearer challenge (naming the resource metadata when OAuth is on), 403
 * `insufficient_scope`, or 429 for a self-serve key over its per-minute cap.
 */
export function createAccessResolver(options: AccessResolverOptions) {
  const lightService: ServiceDeps =
    options.service.limits === undefined ? options.service : { ...options.service, quota: createLightScanQuota(options.service.limits) };
  const resource = options.oauth?.resource ?? `${options.service.config.baseUrl.replace(/\/+$/, "")}/mcp`;
  const verify = options.oauth === undefined ? null : createAccessTokenVerifier({ ...options.oauth, resource });
  const challenge =
    options.oauth === undefined
      ? 'Bearer realm="public-scan"'
      : `Bearer realm="public-scan", resource_metadata="${metadataUrlOf(resource)}"`;

  const byScopes = (scopes: readonly Scope[]) => {
    const granted = new Set(grantedScopes(scopes));
    return new Set(
      MCP_TOOLS.filter(
        (spec) => spec.scopes.every((scope) => granted.has(scope)) && (options.monitors === true || !isMonitorTool(spec)),
      ).map((spec) => spec.name),
    );
  };

  const authenticate = async (request: Request, clientAddress: string | null): Promise<McpAccess> => {
    const authorization = request.headers.get("authorization") ?? undefined;
    const token = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1];
    if (verify !== null && token !== undefined && looksLikeJwt(token)) {
      const verified = await verify(token);
      if (!verified.scopes.includes("mcp"))
        throw new ServiceError("forbidden", "This token lacks the `mcp` scope: sign in again and grant it.");
      const keyId = `oauth:${verified.subject}`;
      // A signed-in account reads like a self-serve key (60 requests a minute, the daily scan-read cap), unless
      // an operator granted it scan:create, as support keys are.
      const selfServe = !verified.scopes.includes("scan:create");
      if (selfServe) await options.service.limits?.checkKeyRequest({ keyId, scanRead: false });
      return { caller: { kind: "key", keyId, selfServe }, tools: byScopes(verified.scopes), service: options.service };
    }
    if (options.keys === undefined) throw new ServiceError("unauthorized", "Sign in to use this MCP server.");
    const { caller, credential } = await resolveCaller(
      { keys: options.keys, clock: options.service.clock, limits: options.service.limits },
      { access: { security: "bearer", scopes: ["mcp"] }, authorization, clientAddress },
    );
    return { caller, tools: byScopes(credential?.scopes ?? []), service: options.service };
  };

  return async (request: Request, clientAddress: string | null): Promise<McpAccess | Response> => {
    if (options.surface === "light") {
      return {
        caller: { kind: "anonymous", ip: clientAddress ?? UNKNOWN_CLIENT },
        tools: new Set(MCP_LIGHT_TOOL_NAMES),
        service: lightService,
      };
    }
    try {
      return await authenticate(request, clientAddress);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      const status = toHttpStatus(error);
      const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
      if (status === 401) headers["www-authenticate"] = challenge;
      if (status === 403) headers["www-authenticate"] = `${challenge}, error="insufficient_scope", scope="mcp"`;
      const envelope = toErrorEnvelope(error);
      if (status === 429 && envelope.error.retryAfterSeconds !== null) headers["retry-after"] = String(envelope.error.retryAfterSeconds);
      return new Response(JSON.stringify(envelope), { status, headers });
    }
  };
}

/**
 * Where this host serves the resource's metadata: beside `/mcp`, under the deployment's base URL with its path
 * (a deployment behind a path prefix serves it under the prefix too), else at the origin.
 */
function metadataUrlOf(resource: string): string {
  const base = resource.endsWith("/mcp") ? resource.slice(0, -"/mcp".length) : new URL(resource).origin;
  return `${base}${PROTECTED_RESOURCE_METADATA_PATH}`;
}
