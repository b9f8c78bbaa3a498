/** Signed webhooks (Standard Webhooks), delivered through the scanner's egress guard. */
export { createWebhookSecret } from "./create-webhook-secret.js";
export { createWebhookSender, type WebhookSenderOptions } from "./create-webhook-sender.js";
export {
  deliverWebhook,
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookAttemptRecord,
  type WebhookDelivery,
  type WebhookDeliveryInput,
} from "./deliver-webhook.js";
export { postWebhook, type PostWebhookInput, type WebhookAttempt } from "./post-webhook.js";
export { signWebhook, type WebhookHeaders } from "./sign-webhook.js";
