import { isServiceError, requestReadOnlyKey, revokeApiKey } from "@public-scan/core";
import type { H3, H3Event } from "h3";
import { AccountError } from "../accounts/account-error.js";
import { messageOf, statusOf } from "./account-error-message.js";
import type { AccountsAppContext } from "./accounts-app-context.js";
import { renderDashboardPage } from "./pages/render-dashboard-page.js";
import { renderMessagePage } from "./pages/render-message-page.js";
import { renderSignInPage } from "./pages/render-sign-in-page.js";
import { renderSignUpPage } from "./pages/render-sign-up-page.js";
import { renderVerifyPage } from "./pages/render-verify-page.js";
import { addressOf, checkedFormOf, cookiesOf } from "./page-event.js";
import { safeReturnPath } from "./safe-return-path.js";
import { toPageResponse, toRedirect } from "./to-page-response.js";

/**
 * The dashboard pages: sign-up, email verification, sign-in and out, and the signed-in account's keys
 * (request one, revoke one). Every form is CSRF-checked; every page is script-free.
 */
export function addAccountRoutes(app: H3, context: AccountsAppContext): void {
  const csrfFor = (event: H3Event) => context.csrf.issue(cookiesOf(event));

  const dashboard = async (
    event: H3Event,
    extra: { issuedKey?: { token: string; expiresAt: string }; error?: string; notice?: string; status?: number },
  ) => {
    const session = await context.sessions.resolve({ cookieHeader: cookiesOf(event) });
    if (session === null) return toRedirect("/account/sign-in");
    const csrf = csrfFor(event);
    const keys = await context.keyRequests.keys.listByOwner(session.accountId);
    const page = renderDashboardPage({
      csrfToken: csrf.token,
      email: session.email,
      emailVerified: session.emailVerified,
      keys,
      issuedKey: extra.issuedKey ?? null,
      error: extra.error ?? null,
      notice: extra.notice ?? null,
      now: context.keyRequests.clock.now(),
      baseUrl: context.baseUrl,
      mcpUrl: context.mcpUrl,
    });
    return toPageResponse(page, { status: extra.status ?? 200, setCookies: [csrf.setCookie] });
  };

  app.get("/account", (event) => {
    const notice = event.url.searchParams.get("notice") === "revoked" ? "The key is revoked." : undefined;
    return dashboard(event, notice === undefined ? {} : { notice });
  });

  app.get("/account/sign-in", (event) => {
    const csrf = csrfFor(event);
    const returnTo = safeReturnPath(event.url.searchParams.get("return_to"));
    return toPageResponse(renderSignInPage({ csrfToken: csrf.token, action: "/account/sign-in", returnTo }), {
      setCookies: [csrf.setCookie],
    });
  });

  app.post("/account/sign-in", async (event) => {
    const csrf = csrfFor(event);
    let email = "";
    let returnTo: string | null = null;
    try {
      const form = await checkedFormOf(context, event);
      email = form.get("email") ?? "";
      returnTo = safeReturnPath(form.get("return_to"));
      const account = await context.accounts.signIn({ email, password: form.get("password") ?? "", ip: addressOf(event) });
      return toRedirect(returnTo ?? "/account", [await context.sessions.create(account.accountId)]);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const page = renderSignInPage({ csrfToken: csrf.token, action: "/account/sign-in", error: messageOf(error), email, returnTo });
      return toPageResponse(page, { status: statusOf(error), setCookies: [csrf.setCookie] });
    }
  });

  app.get("/account/sign-up", (event) => {
    const csrf = csrfFor(event);
    const returnTo = safeReturnPath(event.url.searchParams.get("return_to"));
    return toPageResponse(renderSignUpPage({ csrfToken: csrf.token, returnTo }), { setCookies: [csrf.setCookie] });
  });

  app.post("/account/sign-up", async (event) => {
    const csrf = csrfFor(event);
    let email = "";
    let returnTo: string | null = null;
    try {
      const form = await checkedFormOf(context, event);
      email = form.get("email") ?? "";
      returnTo = safeReturnPath(form.get("return_to"));
      await context.accounts.signUp({ email, password: form.get("password") ?? "", ip: addressOf(event), returnTo });
      const page = renderMessagePage({
        title: "Check your email",
        tone: "notice",
        message: `We sent a confirmation link to ${email.trim()}. Open it to finish signing up; it works for 24 hours.`,
      });
      return toPageResponse(page, { setCookies: [csrf.setCookie] });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const page = renderSignUpPage({ csrfToken: csrf.token, error: messageOf(error), email, returnTo });
      return toPageResponse(page, { status: statusOf(error), setCookies: [csrf.setCookie] });
    }
  });

  app.get("/account/verify", async (event) => {
    const token = event.url.searchParams.get("token") ?? "";
    if (!(await context.accounts.isVerificationPending(token))) {
      const page = renderMessagePage({
        title: "Link not valid",
        tone: "alert",
        message: "This link is not valid any more.",
        link: { href: "/account/sign-in", text: "Sign in" },
      });
      return toPageResponse(page, { status: 400 });
    }
    const csrf = csrfFor(event);
    return toPageResponse(renderVerifyPage({ csrfToken: csrf.token, token }), { setCookies: [csrf.setCookie] });
  });

  app.post("/account/verify", async (event) => {
    const csrf = csrfFor(event);
    let token = "";
    try {
      const form = await checkedFormOf(context, event);
      token = form.get("token") ?? "";
      const { returnTo } = await context.accounts.verifyEmail({ token, password: form.get("password") ?? "", ip: addressOf(event) });
      const next = `/account/sign-in${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ""}`;
      const page = renderMessagePage({
        title: "Email confirmed",
        tone: "notice",
        message: "Your email address is confirmed.",
        link: { href: next, text: returnTo ? "Sign in to continue" : "Sign in" },
      });
      return toPageResponse(page, { setCookies: [csrf.setCookie] });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.code === "invalid_token") {
        const page = renderMessagePage({
          title: "Link not valid",
          tone: "alert",
          message: error.message,
          link: { href: "/account/sign-up", text: "Sign up" },
        });
        return toPageResponse(page, { status: 400 });
      }
      return toPageResponse(renderVerifyPage({ csrfToken: csrf.token, token, error: messageOf(error) }), {
        status: statusOf(error),
        setCookies: [csrf.setCookie],
      });
    }
  });

  app.post("/account/sign-out", async (event) => {
    try {
      await checkedFormOf(context, event);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return dashboard(event, { error: error.message, status: 403 });
    }
    // Signing out of the dashboard also signs this browser out of the authorization server.
    const oauth = await context.authorization.endSession(cookiesOf(event));
    return toRedirect("/account/sign-in", [await context.sessions.destroy(cookiesOf(event)), ...oauth]);
  });

  app.post("/account/keys", async (event) => {
    let form: URLSearchParams;
    try {
      form = await checkedFormOf(context, event);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return dashboard(event, { error: error.message, status: 403 });
    }
    const name = (form.get("name") ?? "").trim();
    try {
      // The same use-case as POST /api/v2/keys/request: the same caps, checks and audit trail.
      const issued = await requestReadOnlyKey(
        { ...context.keyRequests, sessions: context.sessions },
        { body: name === "" ? {} : { name }, cookieHeader: cookiesOf(event), ip: addressOf(event), crossSite: false },
      );
      return dashboard(event, { issuedKey: { token: issued.body.key, expiresAt: issued.body.expiresAt } });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      const refused = error;
      if (refused.code === "unauthorized") return toRedirect("/account/sign-in");
      return dashboard(event, { error: refused.message, status: refused.code === "rate_limited" ? 429 : 400 });
    }
  });

  app.post("/account/keys/:keyId/revoke", async (event) => {
    try {
      await checkedFormOf(context, event);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return dashboard(event, { error: error.message, status: 403 });
    }
    const session = await context.sessions.resolve({ cookieHeader: cookiesOf(event) });
    if (session === null) return toRedirect("/account/sign-in");
    const key = await context.keyRequests.keys.get(event.context.params?.keyId ?? "");
    // Someone else's key answers like a missing one: the page does not confirm which key ids exist.
    if (key === null || key.ownerId !== session.accountId) return dashboard(event, { error: "No such key on this account.", status: 404 });
    await revokeApiKey(context.keyRequests, { keyId: key.keyId });
    return toRedirect("/account?notice=revoked");
  });
}
