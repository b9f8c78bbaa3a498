import type { JSONWebKeySet } from "jose";

/**
 * How `/mcp` accepts OAuth access tokens besides API keys: JWTs issued by one authorization server (the
 * reference host's, or a platform team's own IdP), verified against its public keys.
 */
export interface OAuthResourceOptions {
  /** The authorization server's issuer identifier (`iss` of its tokens, and its metadata's `issuer`). */
  issuer: string;
  /** Where its signing keys are published (its metadata's `jwks_uri`); fetched and cached by jose. */
  jwksUri?: string;
  /** Or the keys themselves (tests, or an IdP whose keys are configured by hand). */
  jwks?: JSONWebKeySet;
  /**
   * The audience tokens must name: this MCP server's resource URL (RFC 8707), by default the deployment's
   * base URL + `/mcp`. Tokens issued for another resource are refused.
   */
  resource?: string;
  /** Signature algorithms accepted; default RS256, PS256, ES256, EdDSA. */
  algorithms?: readonly string[];
}

export const DEFAULT_TOKEN_ALGORITHMS = ["RS256", "PS256", "ES256", "EdDSA"] as const;

/** RFC 9728's well-known path for the resource at `/mcp` (the contract's protected-resource metadata path). */
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";
