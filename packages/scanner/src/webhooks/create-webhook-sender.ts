import { setTimeout as delay } from "node:timers/promises";
import type { WebhookSender } from "@public-scan/core";
import { createEgressGuard, type EgressGuardOptions } from "../network/create-egress-guard.js";
import { parseResolveRules } from "../network/parse-resolve-rules.js";
import { createWebhookSecret } from "./create-webhook-secret.js";
import { deliverWebhook } from "./deliver-webhook.js";

export interface WebhookSenderOptions {
  /** The scanner's `--resolve` rules (PATTERN=ADDRESS[:PORT]): webhooks follow the same pins. */
  resolve?: readonly string[];
  /** Host-name patterns that may resolve to private addresses, as for scans. */
  allowPrivateTargets?: readonly string[];
  lookup?: EgressGuardOptions["lookup"];
  /** Plain-http receivers (a deployment's own tests); https only by default. */
  allowHttp?: boolean;
  /** Root certificates (PEM) trusted beside the system's, for receivers behind a private CA. */
  extraCaCerts?: string;
  /** Waits between attempts (default `WEBHOOK_RETRY_DELAYS_MS`). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

/**
 * Core's WebhookSender on this package's delivery: signed per Standard Webhooks, through an egress guard
 * with the scanner's own rules (a receiver can never be a private address or the metadata service, by
 * name, redirect or rebinding), retried with backoff.
 */
export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const guard = createEgressGuard({
    resolve: parseResolveRules(options.resolve ?? []),
    allowPrivateTargets: options.allowPrivateTargets ?? [],
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  });
  return {
    deliver: ({ signal, priorAttempts, until, ...message }) =>
      deliverWebhook({
        ...message,
        ...(priorAttempts === undefined ? {} : { priorAttempts }),
        ...(until === undefined ? {} : { until }),
        guard,
        // A shutdown ends the waits between attempts; the run's delivery stays pending for the next start.
        ...(signal === undefined ? {} : { wait: (ms: number) => delay(ms, undefined, { signal }) }),
        ...(options.allowHttp === undefined ? {} : { allowHttp: options.allowHttp }),
        ...(options.extraCaCerts === undefined ? {} : { extraCaCerts: options.extraCaCerts }),
        ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      }),
    createSecret: createWebhookSecret,
  };
}
