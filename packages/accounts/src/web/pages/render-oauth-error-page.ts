import { markup } from "@public-scan/http-h3";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/** The authorization server's error page (an unknown client, a redirect URI that was not registered...). */
export function renderOAuthErrorPage(input: { error: string; description: string | null }): AccountPage {
  return renderAccountDocument({
    title: "Authorization failed",
    body: markup`<p class="alert" role="alert">${input.description ?? "The authorization request could not be completed."}</p>
<p>Error code: <code>${input.error}</code>. Go back to the application that sent you here and try again.</p>`,
  });
}
