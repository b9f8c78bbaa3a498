import { markup } from "@public-scan/http-h3";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/** The form that asks for a password reset link by email. */
export function renderPasswordResetRequestPage(input: { csrfToken: string; error?: string | null; email?: string }): AccountPage {
  return renderAccountDocument({
    title: "Reset your password",
    body: markup`${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
<p>Enter the email address of your account: we send it a link to choose a new password.</p>
<form method="post" action="/account/password-reset">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ""}">
<button type="submit">Send the link</button>
</form>
<p><a href="/account/sign-in">Back to sign-in</a></p>`,
  });
}
