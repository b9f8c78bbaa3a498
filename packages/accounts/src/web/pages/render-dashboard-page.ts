import { markup } from "@public-scan/http-h3";
import type { ApiKeyRecord } from "@public-scan/core";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { renderAccountDocument, type AccountPage } from "./render-account-document.js";

export interface DashboardPageInput {
  csrfToken: string;
  email: string;
  emailVerified: boolean;
  keys: readonly ApiKeyRecord[];
  /** A key just issued: shown once, never again. */
  issuedKey?: { token: string; expiresAt: string } | null;
  error?: string | null;
  notice?: string | null;
  now: number;
}

const stateOf = (key: ApiKeyRecord, now: number) =>
  key.revokedAt !== null ? "revoked" : Date.parse(key.expiresAt) <= now ? "expired" : "active";

/** The signed-in account's page: its keys, a form to request a read-only key, revoke buttons, sign out. */
export function renderDashboardPage(input: DashboardPageInput): AccountPage {
  const csrf = markup`<input type="hidden" name="${CSRF_FIELD}" value="${input.csrfToken}">`;
  const rows = input.keys.map(
    (key) =>
      markup`<tr><td><code>${key.tokenPrefix}…</code></td><td>${key.name ?? ""}</td><td>${key.createdAt.slice(0, 10)}</td><td>${key.expiresAt.slice(0, 10)}</td><td>${stateOf(key, input.now)}</td><td>${
        stateOf(key, input.now) === "active"
          ? markup`<form class="inline" method="post" action="/account/keys/${key.keyId}/revoke">${csrf}<button type="submit" aria-label="Revoke key ${key.tokenPrefix}">Revoke</button></form>`
          : null
      }</td></tr>`,
  );
  return renderAccountDocument({
    title: "Your account",
    body: markup`<p>Signed in as <strong>${input.email}</strong>.</p>
${input.error ? markup`<p class="alert" role="alert">${input.error}</p>` : null}
${input.notice ? markup`<p class="notice" role="status">${input.notice}</p>` : null}
${
  input.issuedKey
    ? markup`<section aria-labelledby="new-key"><h2 id="new-key">Your new key</h2>
<p>Copy it now: it is shown only once. It reads scans and uses the MCP tools (scopes <code>scan:read</code> and <code>mcp</code>) until ${input.issuedKey.expiresAt.slice(0, 10)}.</p>
<code class="key">${input.issuedKey.token}</code></section>`
    : null
}
<section aria-labelledby="keys"><h2 id="keys">API keys</h2>
${
  input.keys.length === 0
    ? markup`<p>No keys yet.</p>`
    : markup`<table><thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">State</th><th scope="col"><span class="service">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`
}
${
  input.emailVerified
    ? markup`<form method="post" action="/account/keys">${csrf}
<label for="name">Name of the new key (optional)</label>
<input id="name" name="name" type="text" maxlength="64">
<button type="submit">Request a read-only key</button>
</form>`
    : markup`<p class="alert" role="alert">Confirm your email address (see the link we sent) to request keys.</p>`
}
</section>
<form method="post" action="/account/sign-out">${csrf}<button type="submit">Sign out</button></form>`,
  });
}
