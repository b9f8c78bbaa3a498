import type { H3, H3Event } from "h3";
import { AccountError } from "../accounts/account-error.js";
import { messageOf, statusOf } from "./account-error-message.js";
import type { AccountsAppContext } from "./accounts-app-context.js";
import { renderMessagePage } from "./pages/render-message-page.js";
import { renderPasswordResetPage } from "./pages/render-password-reset-page.js";
import { renderPasswordResetRequestPage } from "./pages/render-password-reset-request-page.js";
import { addressOf, checkedFormOf, cookiesOf } from "./page-event.js";
import { toPageResponse } from "./to-page-response.js";

const linkNotValid = () =>
  toPageResponse(
    renderMessagePage({
      title: "Link not valid",
      tone: "alert",
      message: "This link is not valid any more. Ask for a new one.",
      link: { href: "/account/password-reset", text: "Reset your password" },
    }),
    { status: 400 },
  );

/**
 * The password reset pages: ask for a link by email (the same answer whether or not the address has an
 * account), then choose a new password with the link, once. CSRF-checked and script-free like every page.
 */
export function addPasswordResetRoutes(app: H3, context: AccountsAppContext): void {
  const csrfFor = (event: H3Event) => context.csrf.issue(cookiesOf(event));
  const checkedForm = (event: H3Event) => checkedFormOf(context, event);

  app.get("/account/password-reset", (event) => {
    const csrf = csrfFor(event);
    return toPageResponse(renderPasswordResetRequestPage({ csrfToken: csrf.token }), { setCookies: [csrf.setCookie] });
  });

  app.post("/account/password-reset", async (event) => {
    const csrf = csrfFor(event);
    let email = "";
    try {
      const form = await checkedForm(event);
      email = form.get("email") ?? "";
      await context.passwordReset.request({ email, ip: addressOf(event) });
      const page = renderMessagePage({
        title: "Check your email",
        tone: "notice",
        message: `If an account uses ${email.trim()}, we sent it a link to choose a new password. It works once, for 30 minutes.`,
      });
      return toPageResponse(page, { setCookies: [csrf.setCookie] });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const page = renderPasswordResetRequestPage({ csrfToken: csrf.token, error: messageOf(error), email });
      return toPageResponse(page, { status: statusOf(error), setCookies: [csrf.setCookie] });
    }
  });

  app.get("/account/password-reset/confirm", async (event) => {
    const token = event.url.searchParams.get("token") ?? "";
    if (!(await context.passwordReset.isPending(token))) return linkNotValid();
    const csrf = csrfFor(event);
    return toPageResponse(renderPasswordResetPage({ csrfToken: csrf.token, token }), { setCookies: [csrf.setCookie] });
  });

  app.post("/account/password-reset/confirm", async (event) => {
    const csrf = csrfFor(event);
    let token = "";
    try {
      const form = await checkedForm(event);
      token = form.get("token") ?? "";
      await context.passwordReset.complete({ token, password: form.get("password") ?? "" });
      const page = renderMessagePage({
        title: "Password changed",
        tone: "notice",
        message: "Your new password is saved, and every earlier sign-in has ended.",
        link: { href: "/account/sign-in", text: "Sign in" },
      });
      return toPageResponse(page, { setCookies: [csrf.setCookie] });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      if (error.code === "invalid_token") return linkNotValid();
      return toPageResponse(renderPasswordResetPage({ csrfToken: csrf.token, token, error: messageOf(error) }), {
        status: statusOf(error),
        setCookies: [csrf.setCookie],
      });
    }
  });
}
