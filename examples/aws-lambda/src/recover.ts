// The scheduled recovery function's entry (handler `index.handler` of dist/recover).
import { createRecoverHandler } from "./compose-recover.js";

export const handler = createRecoverHandler({ env: process.env });
