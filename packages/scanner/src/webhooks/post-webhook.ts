import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import type { EgressGuard } from "../network/create-egress-guard.js";

/** What one delivery attempt came to, and whether another attempt may help. */
export type WebhookAttempt =
  | { outcome: "delivered"; status: number }
  | { outcome: "retryable"; status: number | null; error: string; retryAfterMs: number | null }
  | { outcome: "rejected"; status: number | null; error: string; gone: boolean };

export interface PostWebhookInput {
  url: string;
  body: string;
  headers: Readonly<Record<string, string>>;
  guard: EgressGuard;
  /** The whole attempt, connection to last byte read. */
  timeoutMs: number;
  /** Plain http receivers; off by default (a signed body is not a secret one: use https). */
  allowHttp?: boolean;
  /** Root certificates (PEM) trusted beside the system's: a receiver behind a private CA. */
  extraCaCerts?: string;
}

/** How much of a receiver's answer is read before the connection is dropped: only its status matters. */
const MAX_ANSWER_BYTES = 4096;

/**
 * One POST of a signed message to a receiver, through the egress guard: the host is checked (private,
 * loopback, link-local and metadata addresses refused unless the operator allowed them; a name answering
 * any refused address is refused whole) and the connection goes to the exact address that was checked, so
 * DNS cannot rebind between the check and the connect. Redirects are never followed: a 3xx is a failed
 * attempt. 2xx delivers; 408, 429 and 5xx, timeouts and network errors may be retried; other answers are
 * final (410 also says the receiver is gone). Errors name a cause, never the URL's query or a header value.
 */
export async function postWebhook(input: PostWebhookInput): Promise<WebhookAttempt> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { outcome: "rejected", status: null, error: "not a URL", gone: false };
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && input.allowHttp === true))
    return {
      outcome: "rejected",
      status: null,
      error: `${url.protocol.replace(":", "")} receivers are not allowed (https only)`,
      gone: false,
    };
  if (url.username !== "" || url.password !== "")
    return { outcome: "rejected", status: null, error: "credentials in the URL", gone: false };
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  const decision = await input.guard.check({ host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port });
  if (!decision.allowed)
    return { outcome: "rejected", status: null, error: `refused by the egress policy (${decision.reason})`, gone: false };
  // Connect to the pinned address; TLS still verifies the certificate for the URL's host name.
  // (Node asks with `all: true` when it may try several addresses: the answer is then the one pinned address.)
  const pinned = ((_host: string, options: { all?: boolean }, callback: (error: null, ...answer: unknown[]) => void) =>
    options.all === true
      ? callback(null, [{ address: decision.address, family: decision.family }])
      : callback(null, decision.address, decision.family)) as unknown as LookupFunction;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookAttempt>((resolve) => {
    const signal = AbortSignal.timeout(input.timeoutMs);
    const request = send(
      url,
      {
        method: "POST",
        port: decision.port,
        lookup: pinned,
        signal,
        agent: false,
        ...(input.extraCaCerts === undefined ? {} : { ca: [...rootCertificates, input.extraCaCerts] }),
        headers: {
          ...input.headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(input.body),
          "user-agent": "public-scan-webhooks",
        },
      },
      (response) => {
        readSome(response).then(
          () => resolve(judge(response)),
          () => resolve(judge(response)),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      const timedOut = signal.aborted;
      resolve({
        outcome: "retryable",
        status: null,
        error: timedOut ? `no answer within ${input.timeoutMs} ms` : (error.code ?? "network error"),
        retryAfterMs: null,
      });
    });
    request.end(input.body);
  });
}

/** Reads at most `MAX_ANSWER_BYTES` of the answer, then lets the connection go. */
function readSome(response: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    let read = 0;
    response.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_ANSWER_BYTES) {
        response.destroy();
        resolve();
      }
    });
    response.on("end", resolve);
    response.on("error", reject);
  });
}

function judge(response: IncomingMessage): WebhookAttempt {
  const status = response.statusCode ?? 0;
  if (status >= 200 && status < 300) return { outcome: "delivered", status };
  if (status >= 300 && status < 400)
    return { outcome: "rejected", status, error: `answered ${status}: redirects are not followed`, gone: false };
  if (status === 408 || status === 429 || status >= 500)
    return { outcome: "retryable", status, error: `answered ${status}`, retryAfterMs: retryAfterMs(response.headers["retry-after"]) };
  return { outcome: "rejected", status, error: `answered ${status}`, gone: status === 410 };
}

/** Retry-After in seconds or as a date, in milliseconds; null when absent or unreadable. */
function retryAfterMs(header: string | undefined): number | null {
  if (header === undefined) return null;
  if (/^\d{1,7}$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
