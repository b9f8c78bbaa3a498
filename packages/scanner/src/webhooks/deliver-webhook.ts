import { setTimeout as delay } from "node:timers/promises";
import type { EgressGuard } from "../network/create-egress-guard.js";
import { postWebhook, type WebhookAttempt } from "./post-webhook.js";
import { signWebhook } from "./sign-webhook.js";

/**
 * The waits before the second, third... attempt: a receiver that is down for a deploy gets the message
 * minutes later, and a dead one is given up on within the hour. Bounded: a delivery never runs forever.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];

/** The longest a receiver's Retry-After may push an attempt back. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export interface WebhookDeliveryInput {
  url: string;
  /** The message id (`webhook-id`): the same on every attempt, so a receiver can drop duplicates. */
  id: string;
  /** The event, already serialised: every attempt sends exactly these bytes. */
  body: string;
  /** Signing secrets, newest first; two during a rotation. */
  secrets: readonly string[];
  guard: EgressGuard;
  timeoutMs?: number;
  /** Waits between attempts (default `WEBHOOK_RETRY_DELAYS_MS`); `[]` makes one attempt. */
  retryDelaysMs?: readonly number[];
  /**
   * Attempts an earlier pass of this delivery already made: the schedule goes on from there (the next wait
   * is the one after them), so a delivery resumed by another process or invocation is not retried afresh.
   */
  priorAttempts?: number;
  /**
   * When this pass must stop (epoch ms): a retry whose wait would end later is not waited for, and the
   * delivery answers `pending` with the time of its next attempt, for a later pass to make.
   */
  until?: number;
  allowHttp?: boolean;
  /** Root certificates (PEM) trusted beside the system's, for a receiver behind a private CA. */
  extraCaCerts?: string;
  /** How to wait between attempts (tests record the waits instead of sleeping). */
  wait?: (ms: number) => Promise<void>;
  now?: () => Date;
}

/** One attempt as a delivery log keeps it: when, the receiver's status, and why it failed. No payload, no secret. */
export interface WebhookAttemptRecord {
  at: string;
  status: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  /** `pending`: retries remain, and the next one falls after `until` (see `retryAt`). */
  outcome: "delivered" | "failed" | "pending";
  attempts: WebhookAttemptRecord[];
  /** The receiver answered 410 Gone: whoever owns the webhook should stop sending to it. */
  gone: boolean;
  /** When a `pending` delivery's next attempt is due (ISO time). */
  retryAt?: string;
}

/**
 * Delivers one signed message, retrying what may succeed later (timeouts, network errors, 408, 429, 5xx)
 * after the scheduled waits or a longer Retry-After, and stopping at once on what will not (a refused
 * target, a redirect, another 4xx). Each attempt is signed afresh (the timestamp is the attempt's), with
 * the same id and body.
 */
export async function deliverWebhook(input: WebhookDeliveryInput): Promise<WebhookDelivery> {
  const delays = input.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const wait = input.wait ?? ((ms: number) => delay(ms));
  const now = input.now ?? (() => new Date());
  const attempts: WebhookAttemptRecord[] = [];
  for (let index = input.priorAttempts ?? 0; ; index += 1) {
    const at = now();
    const attempt: WebhookAttempt = await postWebhook({
      url: input.url,
      body: input.body,
      headers: { ...signWebhook({ id: input.id, timestamp: at, body: input.body, secrets: input.secrets }) },
      guard: input.guard,
      timeoutMs: input.timeoutMs ?? 10_000,
      ...(input.allowHttp === undefined ? {} : { allowHttp: input.allowHttp }),
      ...(input.extraCaCerts === undefined ? {} : { extraCaCerts: input.extraCaCerts }),
    });
    attempts.push({
      at: at.toISOString(),
      status: attempt.status,
      error: attempt.outcome === "delivered" ? null : attempt.error,
    });
    if (attempt.outcome === "delivered") return { outcome: "delivered", attempts, gone: false };
    if (attempt.outcome === "rejected") return { outcome: "failed", attempts, gone: attempt.gone };
    const scheduled = delays[index];
    if (scheduled === undefined) return { outcome: "failed", attempts, gone: false };
    const waitMs = Math.max(scheduled, Math.min(attempt.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    const retryAt = now().getTime() + waitMs;
    if (input.until !== undefined && retryAt > input.until)
      return { outcome: "pending", attempts, gone: false, retryAt: new Date(retryAt).toISOString() };
    await wait(waitMs);
  }
}
