// The API function's entry in RESPONSE_STREAM mode (handler `index.handler` of dist/api-streaming), the stack's
// default. `awslambda` is the global the Node.js runtime defines before it loads the function: its
// streamifyResponse marks the exported handler as a streaming one (without the mark the runtime calls it as a
// buffered handler, with no response stream), and srvx writes through its HttpResponseStream.
import type {} from "aws-lambda";
import { createApiStreamingHandler } from "./compose-api.js";
import { loadIdentifierSecret } from "./load-identifier-secret.js";

// The identifier secret is read from Secrets Manager here, in the init phase (PUBLIC_SCAN_IDENTIFIER_SECRET_ARN).
export const handler = awslambda.streamifyResponse(createApiStreamingHandler({ env: await loadIdentifierSecret({ env: process.env }) }));
