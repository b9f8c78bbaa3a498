import { markup } from "@public-scan/http-h3";
import type { Scope } from "@public-scan/core";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

/** What each scope lets a client do, in the words the consent screen uses. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  "scan:read": "read scan results, reports and Pulse summaries",
  "scan:create": "start new scans of public websites on your behalf",
  mcp: "use this service's tools through the MCP server",
  "pulse:read": "read Pulse reports",
  "pulse:scan": "start Pulse scans",
  "monitor:write": "create, pause and delete monitors that rescan websites on a schedule and send webhooks",
};

export interface ConsentPageInput {
  csrfToken: string;
  uid: string;
  clientName: string;
  /** Where the client will receive the answer, shown so a look-alike client is easier to spot. */
  redirectHost: string;
  email: string;
  scopes: readonly Scope[];
  /** Requested but not available to this account (scan:create without the support grant). */
  withheld: readonly Scope[];
  formTargets: readonly string[];
}

/** The consent screen: which client, which account, and each scope by name and meaning. */
export function renderConsentPage(input: ConsentPageInput): AccountPage {
  return renderAccountDocument({
    title: "Authorize access",
    formTargets: input.formTargets,
    body: markup`<p>An application that calls itself <strong>${input.clientName}</strong> (a name it chose; it returns to <code>${input.redirectHost}</code>) asks to use your account <strong>${input.email}</strong> to:</p>
<ul class="scopes">${input.scopes.map((scope) => markup`<li><code>${scope}</code>: ${SCOPE_DESCRIPTIONS[scope]}</li>`)}</ul>
${input.withheld.length > 0 ? markup`<p class="notice" role="status">Not granted (your account does not have it): ${input.withheld.join(", ")}.</p>` : null}
<form method="post" action="/interaction/${input.uid}/confirm">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<button type="submit">Allow</button>
</form>
<form method="post" action="/interaction/${input.uid}/abort">
<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">
<button type="submit">Deny</button>
</form>`,
  });
}
