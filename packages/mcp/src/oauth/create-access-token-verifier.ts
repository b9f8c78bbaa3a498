import { ServiceError, type Scope } from "@public-scan/core";
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify } from "jose";
import { DEFAULT_TOKEN_ALGORITHMS, type OAuthResourceOptions } from "./oauth-resource-options.js";
import { HOSTED_SCOPES } from "./to-protected-resource-metadata.js";

export interface VerifiedAccessToken {
  /** `iss` and `sub`: who the token speaks for, unique across issuers. */
  subject: string;
  scopes: Scope[];
}

const KNOWN_SCOPES = new Set<string>(HOSTED_SCOPES);

/**
 * Verifies an access token as RFC 9068 and the MCP authorization specification ask: a JWT signed by the
 * issuer's key (no `none`, only the listed algorithms), from that issuer, for this resource (`aud`), not
 * expired and not used before `nbf`, with a subject. Scopes come from `scope` (space-separated); unknown
 * scopes are ignored. Every failure is one `unauthorized`, so a caller learns nothing about why.
 */
export function createAccessTokenVerifier(options: OAuthResourceOptions & { resource: string }) {
  if (options.jwks === undefined && options.jwksUri === undefined) throw new Error("OAuth on /mcp needs the issuer's jwksUri or jwks.");
  const keys = options.jwks !== undefined ? createLocalJWKSet(options.jwks) : createRemoteJWKSet(new URL(options.jwksUri!));
  const algorithms = [...(options.algorithms ?? DEFAULT_TOKEN_ALGORITHMS)];

  return async (token: string): Promise<VerifiedAccessToken> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.resource,
        algorithms,
        requiredClaims: ["sub", "exp"],
        // A few seconds of clock skew between the authorization server and this host.
        clockTolerance: 5,
      });
      const scope = typeof payload.scope === "string" ? payload.scope : "";
      const scopes = scope.split(" ").filter((name): name is Scope => KNOWN_SCOPES.has(name));
      return { subject: `${payload.iss ?? options.issuer}#${payload.sub ?? ""}`, scopes };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw new ServiceError("unauthorized", "The access token is not valid for this server: sign in again.");
      }
      throw error;
    }
  };
}
