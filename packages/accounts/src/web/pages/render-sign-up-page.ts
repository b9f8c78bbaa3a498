import { markup } from "@public-scan/http-h3";
import { PASSWORD_LENGTH } from "../../accounts/create-account-service.js";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

export function renderSignUpPage(input: {
  csrfToken: string;
  error?: string | null;
  email?: string;
  returnTo?: string | null;
}): AccountPage {
  const signIn = `/account/sign-in${input.returnTo ? `?return_to=${encodeURIComponent(input.returnTo)}` : ""}`;
  return renderAccountDocument({
    title: "Create an account",
    body: markup`${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
<p>An account lets you request read-only API keys and authorize AI assistants to use this service's hosted MCP server.</p>
<form method="post" action="/account/sign-up">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
${input.returnTo ? markup`<input type="hidden" name="return_to" value="${input.returnTo}">` : null}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${input.email ?? ""}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_LENGTH.min}" maxlength="${PASSWORD_LENGTH.max}" aria-describedby="password-help">
<p id="password-help">${PASSWORD_LENGTH.min} characters or more.</p>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="${signIn}">Sign in</a>.</p>`,
  });
}
