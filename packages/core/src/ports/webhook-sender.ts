/** One attempt as the delivery log keeps it: when, the receiver's status, and why it failed. */
export interface WebhookSendAttempt {
  at: string;
  status: number | null;
  error: string | null;
}

/**
 * Sends one signed webhook message with its retries (the scanner's `deliverWebhook` behind the egress
 * guard, composed by the host): core decides what to send and to whom, never how it goes out.
 */
export interface WebhookSender {
  /**
   * `signal` stops the waits between attempts (a host shutting down): the delivery then rejects.
   * `priorAttempts` continues a delivery's backoff schedule where an earlier pass left it; `until` (epoch
   * ms) ends this pass before a wait that would outlast it, answering `pending` with the next attempt's time.
   */
  deliver(input: {
    url: string;
    id: string;
    body: string;
    secrets: readonly string[];
    signal?: AbortSignal;
    priorAttempts?: number;
    until?: number;
  }): Promise<{
    outcome: "delivered" | "failed" | "pending";
    attempts: WebhookSendAttempt[];
    /** The receiver answered 410 Gone. */
    gone: boolean;
    /** When a pending delivery's next attempt is due (ISO time). */
    retryAt?: string;
  }>;
  /** A new signing secret (`whsec_…`). */
  createSecret(): string;
}
