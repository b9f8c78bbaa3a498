// The scheduled recovery function's entry (handler `index.handler` of dist/recover).
import { createRecoverHandler } from "./compose-recover.js";
import { loadIdentifierSecret } from "./load-identifier-secret.js";

// The identifier secret is read from Secrets Manager here, in the init phase (PUBLIC_SCAN_IDENTIFIER_SECRET_ARN).
export const handler = createRecoverHandler({ env: await loadIdentifierSecret({ env: process.env }) });
