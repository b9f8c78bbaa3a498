// The API function's entry (handler `index.handler` of dist/api): configuration from the environment.
import { createApiHandler } from "./compose-api.js";

export const handler = createApiHandler({ env: process.env });
