import { markup } from "@public-scan/http-h3";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/**
 * The verification link's page: the password chosen at sign-up confirms the address. A link alone (which a
 * mail scanner may follow, or someone else's sign-up may have sent) verifies nothing.
 */
export function renderVerifyPage(input: { csrfToken: string; token: string; error?: string | null }): AccountPage {
  return renderAccountDocument({
    title: "Confirm your email",
    body: markup`${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
<p>Enter the password you chose when you signed up to confirm this address.</p>
<form method="post" action="/account/verify">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<input type="hidden" name="token" value="${input.token}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Confirm</button>
</form>`,
  });
}
