import { markup } from "@public-scan/http-h3";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

export interface SignInPageInput {
  csrfToken: string;
  /** Where the form posts: the dashboard's sign-in, or an OAuth interaction's login step. */
  action: string;
  /** Shown above the form (wrong password, rate limited, just verified). */
  error?: string | null;
  notice?: string | null;
  email?: string;
  /** The path to return to after signing in; carried through the sign-up link as well. */
  returnTo?: string | null;
  /** An OAuth client asked for the sign-in: named, so the person knows why they are here. */
  clientName?: string | null;
  /** Already signed in to the dashboard: offer to continue as this account without typing the password. */
  signedInAs?: string | null;
}

export function renderSignInPage(input: SignInPageInput): AccountPage {
  const signUp = `/account/sign-up${input.returnTo ? `?return_to=${encodeURIComponent(input.returnTo)}` : ""}`;
  const continueAs = input.signedInAs
    ? markup`<form method="post" action="${input.action}">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<input type="hidden" name="continue" value="1">
<p>Signed in as <strong>${input.signedInAs}</strong>.</p>
<button type="submit">Continue as ${input.signedInAs}</button>
</form>
<p>Or sign in with another account:</p>`
    : null;
  return renderAccountDocument({
    title: "Sign in",
    body: markup`${input.clientName ? markup`<p><strong>${input.clientName}</strong> asks you to sign in to authorize it.</p>` : null}
${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
${input.notice ? markup`<p class="notice" role="status">${input.notice}</p>` : null}
${continueAs}
<form method="post" action="${input.action}">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
${input.returnTo ? markup`<input type="hidden" name="return_to" value="${input.returnTo}">` : null}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ""}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p><a href="/account/password-reset">Forgot your password?</a></p>
<p>No account yet? <a href="${signUp}">Sign up</a>.</p>`,
  });
}
