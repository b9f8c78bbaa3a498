import { markup } from "@public-scan/http-h3";
import type { ApiKeyRecord } from "@public-scan/core";
import { CSRF_FIELD } from "../create-csrf-guard.js";
import { COPY_KEY_SCRIPT } from "./copy-key-script.js";
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
  /** The deployment's origin and MCP endpoint, for the examples shown with a new key. */
  baseUrl: string;
  mcpUrl: string;
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
${input.issuedKey ? renderIssuedKey(input.issuedKey, input) : null}
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
    ...(input.issuedKey ? { script: COPY_KEY_SCRIPT } : {}),
  });
}

/**
 * A key just issued: shown once, in a field with a copy button, and ready to use: a curl call that checks it,
 * one that reads a domain's latest scan, and the MCP host configuration for the hosted endpoint.
 */
function renderIssuedKey(issued: { token: string; expiresAt: string }, input: Pick<DashboardPageInput, "baseUrl" | "mcpUrl">) {
  const bearer = `Authorization: Bearer ${issued.token}`;
  const examples = [
    { id: "example-check", label: "Check the key", text: `curl -s ${input.baseUrl}/api/v2/auth/check -H "${bearer}"` },
    {
      id: "example-latest",
      label: "Read a domain's latest scan",
      text: `curl -s ${input.baseUrl}/api/v2/domains/www.example.com/latest -H "${bearer}"`,
    },
    {
      id: "example-mcp",
      label: "In an MCP host (Streamable HTTP)",
      text: JSON.stringify(
        { mcpServers: { "public-scan": { url: input.mcpUrl, headers: { Authorization: `Bearer ${issued.token}` } } } },
        null,
        2,
      ),
    },
  ];
  return markup`<section aria-labelledby="new-key"><h2 id="new-key">Your new key</h2>
<p>Copy it now: it is shown only once. It reads scans and uses the MCP tools (scopes <code>scan:read</code> and <code>mcp</code>) until ${issued.expiresAt.slice(0, 10)}.</p>
<label for="new-key-value">API key</label>
<input id="new-key-value" class="key" type="text" readonly value="${issued.token}">
<button type="button" data-copy="new-key-value" hidden>Copy the key</button>
<p role="status" id="copy-status"></p>
<h3>Use it</h3>
${examples.map(
  (example) => markup`<p id="${example.id}-label">${example.label}</p>
<pre id="${example.id}" aria-labelledby="${example.id}-label"><code>${example.text}</code></pre>
<button type="button" data-copy="${example.id}" hidden aria-describedby="${example.id}-label">Copy</button>
`,
)}</section>`;
}
