import type { IncomingMessage, ServerResponse } from "node:http";
import type { Scope } from "@public-scan/core";
import { fromNodeHandler, type H3, type H3Event } from "h3";
import { errors } from "oidc-provider";
import { AccountError } from "../accounts/account-error.js";
import { messageOf, statusOf } from "./account-error-message.js";
import type { AccountsAppContext } from "./accounts-app-context.js";
import { renderConsentPage } from "./pages/render-consent-page.js";
import { toFormTarget } from "./pages/render-account-document.js";
import { renderMessagePage } from "./pages/render-message-page.js";
import { renderSignInPage } from "./pages/render-sign-in-page.js";
import { readCheckedForm } from "./read-checked-form.js";
import { writePage } from "./to-page-response.js";

type NodeRoute = (request: IncomingMessage, response: ServerResponse, clientAddress: string) => Promise<void>;

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : null;
};

/**
 * The OAuth interaction steps the provider redirects to: sign in (or continue as the dashboard's signed-in
 * account), then consent to the client's scopes. They run on Node's request objects because oidc-provider's
 * interaction helpers read and write its cookies there.
 */
export function addInteractionRoutes(app: H3, context: AccountsAppContext): void {
  const { provider } = context.authorization;

  const route = (handler: NodeRoute) => (event: H3Event) =>
    fromNodeHandler((nodeRequest, nodeResponse) => {
      // srvx hands h3 Node's own request objects; h3 types them as its narrower interfaces.
      const request = nodeRequest as unknown as IncomingMessage;
      const response = nodeResponse as unknown as ServerResponse;
      return handler(request, response, (event.context.clientAddress as string | null | undefined) ?? "0.0.0.0").catch((error: unknown) => {
        if (response.headersSent) return;
        const expired = error instanceof errors.SessionNotFound;
        if (!expired && !(error instanceof AccountError)) context.onError(error, event.url.pathname);
        const message = expired
          ? "This sign-in request expired or was already used. Start again from your application."
          : error instanceof AccountError
            ? error.message
            : "Something went wrong; start again from your application.";
        writePage(response, renderMessagePage({ title: "Authorization", tone: "alert", message }), {
          status: expired ? 400 : error instanceof AccountError ? 400 : 500,
        });
      });
    })(event);

  const checkedForm = (request: IncomingMessage) =>
    readCheckedForm(context.csrf, { header: (name) => header(request, name), body: request }, "start again from your application");

  const clientNameOf = async (clientId: unknown) => {
    const client = typeof clientId === "string" ? await provider.Client.find(clientId) : undefined;
    return { client, name: client?.clientName ?? (typeof clientId === "string" ? clientId : "An application") };
  };

  /** The login step's page: the sign-in form, and "continue as" for a signed-in dashboard session. */
  const renderLogin = async (
    exchange: { request: IncomingMessage; response: ServerResponse; uid: string },
    extra: { error?: string; email?: string; status?: number },
  ) => {
    const { request, response, uid } = exchange;
    const details = await provider.interactionDetails(request, response);
    const csrf = context.csrf.issue(header(request, "cookie") ?? undefined);
    const session = await context.sessions.resolve({ cookieHeader: header(request, "cookie") ?? undefined });
    const { name } = await clientNameOf(details.params.client_id);
    const page = renderSignInPage({
      csrfToken: csrf.token,
      action: `/interaction/${uid}/login`,
      clientName: name,
      returnTo: `/interaction/${uid}`,
      signedInAs: session?.emailVerified ? session.email : null,
      error: extra.error ?? null,
      email: extra.email ?? "",
    });
    writePage(response, page, { status: extra.status ?? 200, setCookies: [csrf.setCookie] });
  };

  app.get(
    "/interaction/:uid",
    route(async (request, response) => {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === "login") return renderLogin({ request, response, uid: details.uid }, {});
      if (details.prompt.name !== "consent") throw new AccountError("invalid_form", "This step is not supported.");
      const account = await context.accounts.get(String(details.session?.accountId ?? ""));
      if (account === null) throw new AccountError("invalid_credentials", "Sign in again.");
      const csrf = context.csrf.issue(header(request, "cookie") ?? undefined);
      const { name } = await clientNameOf(details.params.client_id);
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      const redirectUri = text(details.params.redirect_uri);
      const requested = text(details.params.scope)
        .split(" ")
        .filter((scope): scope is Scope => scope === "scan:read" || scope === "scan:create" || scope === "mcp");
      const target = toFormTarget(redirectUri);
      const page = renderConsentPage({
        csrfToken: csrf.token,
        uid: details.uid,
        clientName: name,
        redirectHost: target ?? redirectUri,
        email: account.email,
        scopes: requested.filter((scope) => account.scopes.includes(scope)),
        withheld: requested.filter((scope) => !account.scopes.includes(scope)),
        formTargets: target === null ? [] : [target],
      });
      writePage(response, page, { setCookies: [csrf.setCookie] });
    }),
  );

  app.post(
    "/interaction/:uid/login",
    route(async (request, response, clientAddress) => {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name !== "login") throw new AccountError("invalid_form", "This sign-in step is already done.");
      const form = await checkedForm(request);
      let accountId: string;
      let sessionCookie: string | null = null;
      if (form.get("continue") === "1") {
        const session = await context.sessions.resolve({ cookieHeader: header(request, "cookie") ?? undefined });
        if (session === null)
          return renderLogin({ request, response, uid: details.uid }, { error: "Your session ended; sign in again.", status: 401 });
        accountId = session.accountId;
      } else {
        const email = form.get("email") ?? "";
        try {
          const account = await context.accounts.signIn({ email, password: form.get("password") ?? "", ip: clientAddress });
          accountId = account.accountId;
          sessionCookie = await context.sessions.create(account.accountId);
        } catch (error) {
          if (!(error instanceof AccountError)) throw error;
          return renderLogin({ request, response, uid: details.uid }, { error: messageOf(error), email, status: statusOf(error) });
        }
      }
      const account = await context.accounts.get(accountId);
      if (account?.emailVerifiedAt === null || account === null) {
        if (sessionCookie !== null) response.appendHeader("set-cookie", sessionCookie);
        return renderLogin(
          { request, response, uid: details.uid },
          { error: "Confirm your email address first (see the link we sent), then sign in here again.", status: 403 },
        );
      }
      if (sessionCookie !== null) response.appendHeader("set-cookie", sessionCookie);
      await provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
    }),
  );

  app.post(
    "/interaction/:uid/confirm",
    route(async (request, response) => {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name !== "consent") throw new AccountError("invalid_form", "This consent step is already done.");
      await checkedForm(request);
      const accountId = String(details.session?.accountId ?? "");
      const account = await context.accounts.get(accountId);
      if (account === null || account.disabledAt !== null) throw new AccountError("invalid_credentials", "Sign in again.");
      const clientId = String(details.params.client_id);
      const grant =
        details.grantId !== undefined ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId });
      if (grant === undefined) throw new errors.SessionNotFound("grant not found");
      const prompt = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (prompt.missingOIDCScope !== undefined) grant.addOIDCScope(prompt.missingOIDCScope.join(" "));
      // Only the scopes this account holds are granted (scan:create is support-gated); the others are
      // recorded as rejected, so the provider does not ask for them again and leaves them out of tokens.
      for (const [indicator, scopes] of Object.entries(prompt.missingResourceScopes ?? {})) {
        const allowed = scopes.filter((scope) => (account.scopes as string[]).includes(scope));
        const withheld = scopes.filter((scope) => !allowed.includes(scope));
        if (allowed.length > 0) grant.addResourceScope(indicator, allowed.join(" "));
        if (withheld.length > 0) grant.rejectResourceScope(indicator, withheld.join(" "));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { consent: details.grantId === undefined ? { grantId } : {} },
        { mergeWithLastSubmission: true },
      );
    }),
  );

  app.post(
    "/interaction/:uid/abort",
    route(async (request, response) => {
      await provider.interactionDetails(request, response);
      await checkedForm(request);
      await provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The account holder denied the request." },
        { mergeWithLastSubmission: false },
      );
    }),
  );
}
