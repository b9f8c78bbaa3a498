import { markup } from "@public-scan/http-h3";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/** The reset link's page: the new password, sent with the link's token. */
export function renderPasswordResetPage(input: { csrfToken: string; token: string; error?: string | null }): AccountPage {
  return renderAccountDocument({
    title: "Choose a new password",
    body: markup`${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
<p>Choose a new password. Saving it signs you out everywhere, on every device and in every assistant.</p>
<form method="post" action="/account/password-reset/confirm">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<input type="hidden" name="token" value="${input.token}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required>
<button type="submit">Save the new password</button>
</form>`,
  });
}
