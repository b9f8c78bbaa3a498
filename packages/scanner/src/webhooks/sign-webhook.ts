import { Webhook } from "standardwebhooks";

/** The three headers of a Standard Webhooks message: its id, when it was signed, and its signatures. */
export interface WebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * Signs one message as the Standard Webhooks specification says (HMAC-SHA256 over `id.timestamp.body`),
 * with the specification's own library. Several secrets give several signatures, space-separated: during a
 * rotation the receiver verifies with either the old secret or the new one, so nothing is lost while it
 * switches. A secret is `whsec_` and base64; it is never part of what this returns.
 */
export function signWebhook(input: { id: string; timestamp: Date; body: string; secrets: readonly string[] }): WebhookHeaders {
  if (input.secrets.length === 0) throw new TypeError("signWebhook: at least one secret is required");
  const signatures = input.secrets.map((secret) => new Webhook(secret).sign(input.id, input.timestamp, input.body));
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(Math.floor(input.timestamp.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
