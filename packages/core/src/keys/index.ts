/** API keys: issuance, hashing, authentication and scope checks. Keys are stored only as SHA-256 hashes. */
export type { ApiKeyRecord } from "../domain/api-key-record.js";
export { generateApiKeyToken, hashApiKeyToken, hashesEqual, tokenPrefixOf } from "./api-key-token.js";
export { issueApiKey, SUPPORT_KEY_PREFIX } from "./issue-api-key.js";
export type { IssueApiKeyInput } from "./issue-api-key.js";
export { authenticate, checkCredential, requireScopes } from "./authenticate.js";
export type { Credential } from "./authenticate.js";
export { isDisposableEmail } from "./is-disposable-email.js";
export { networkOf } from "../limits/to-requester-id.js";
export { KEY_ISSUANCE_CAPS, requestReadOnlyKey } from "./request-read-only-key.js";
export type { RequestReadOnlyKeyDeps } from "./request-read-only-key.js";
export { revokeApiKey } from "./revoke-api-key.js";
