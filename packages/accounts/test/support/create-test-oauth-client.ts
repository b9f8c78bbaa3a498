import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { REDIRECT_URI } from "./oauth-browser.js";

/**
 * An MCP client's OAuth state, kept in memory as a desktop assistant would keep it on disk. The browser
 * step is left to the test: `redirectToAuthorization` only records the URL the client would open.
 */
export function createTestOAuthClient(
  input: { clientMetadataUrl?: string } = {},
): OAuthClientProvider & { authorizationUrl: URL | null; stored: { tokens?: OAuthTokens; client?: OAuthClientInformationMixed } } {
  const stored: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};
  const provider = {
    authorizationUrl: null as URL | null,
    stored,
    // A client that publishes its metadata document names it here; the SDK then uses its URL as client_id
    // wherever the authorization server supports it, and registers dynamically elsewhere.
    ...(input.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: input.clientMetadataUrl }),
    get redirectUrl() {
      return REDIRECT_URI;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: "Test assistant",
        redirect_uris: [REDIRECT_URI],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      };
    },
    clientInformation: () => stored.client,
    saveClientInformation: (client: OAuthClientInformationMixed) => void (stored.client = client),
    tokens: () => stored.tokens,
    saveTokens: (tokens: OAuthTokens) => void (stored.tokens = tokens),
    redirectToAuthorization: (url: URL) => void (provider.authorizationUrl = url),
    saveCodeVerifier: (verifier: string) => void (stored.verifier = verifier),
    // What the SDK calls when the server refuses a refresh (a revoked grant): forget, then sign in again.
    invalidateCredentials: (scope: "all" | "client" | "tokens" | "verifier" | "discovery") => {
      if (scope === "all" || scope === "tokens") delete stored.tokens;
      if (scope === "all" || scope === "client") delete stored.client;
      if (scope === "all" || scope === "verifier") delete stored.verifier;
    },
    codeVerifier: () => {
      if (stored.verifier === undefined) throw new Error("no code verifier saved");
      return stored.verifier;
    },
  };
  return provider;
}
