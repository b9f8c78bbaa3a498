import type { IncomingMessage, ServerResponse } from "node:http";
import { fromNodeHandler, H3 } from "h3";
import type { AccountsAppContext } from "./accounts-app-context.js";
import { addAccountRoutes } from "./create-account-routes.js";
import { addInteractionRoutes } from "./create-interaction-routes.js";
import { addPasswordResetRoutes } from "./create-password-reset-routes.js";
import { renderMessagePage } from "./pages/render-message-page.js";
import { toPageResponse } from "./to-page-response.js";

/** The paths the accounts app answers, for the host's router (h3 route patterns). */
export const ACCOUNTS_PATHS = [
  "/account",
  "/account/**",
  "/interaction/**",
  "/oauth/**",
  "/.well-known/oauth-authorization-server",
  "/.well-known/openid-configuration",
] as const;

/**
 * The account pages, the OAuth interaction steps and the authorization server's endpoints, as one h3 app.
 * It needs Node's request objects for oidc-provider (srvx on Node provides them); the REST API and the MCP
 * endpoints do not, so a host without accounts (Lambda, or a team with its own IdP) does not need this app.
 */
export function createAccountsApp(context: AccountsAppContext): H3 {
  const app = new H3({
    silent: true,
    onError: (error, event) => {
      context.onError(error, event.url.pathname);
      const status = error.status >= 400 && error.status < 500 ? error.status : 500;
      const message = status === 404 ? "There is no such page." : "Something went wrong. Try again in a moment.";
      return toPageResponse(renderMessagePage({ title: status === 404 ? "Not found" : "Error", tone: "alert", message }), { status });
    },
  });
  addAccountRoutes(app, context);
  addPasswordResetRoutes(app, context);
  addInteractionRoutes(app, context);
  const provider = (event: Parameters<ReturnType<typeof fromNodeHandler>>[0]) =>
    fromNodeHandler((request, response) =>
      // srvx hands h3 Node's own request objects; h3 types them as its narrower interfaces.
      context.authorization.handle(
        request as unknown as IncomingMessage,
        response as unknown as ServerResponse,
        (event.context.clientAddress as string | null | undefined) ?? "0.0.0.0",
      ),
    )(event);
  for (const path of ["/oauth/**", "/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]) app.all(path, provider);
  return app;
}
