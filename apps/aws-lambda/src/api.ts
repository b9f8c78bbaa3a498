// The API function's entry (handler `index.handler` of dist/api): configuration from the environment.
import { createApiHandler } from "./compose-api.js";
import { loadIdentifierSecret } from "./load-identifier-secret.js";

// The identifier secret is read from Secrets Manager here, in the init phase (PUBLIC_SCAN_IDENTIFIER_SECRET_ARN).
export const handler = createApiHandler({ env: await loadIdentifierSecret({ env: process.env }) });
