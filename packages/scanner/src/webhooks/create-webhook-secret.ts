import { randomBytes } from "node:crypto";

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
