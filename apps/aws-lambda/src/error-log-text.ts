import { redactLogText } from "@public-scan/core";

/**
 * An error as the functions log it: its stack (or message) with every URL, email, query string, API key,
 * bearer token and cookie header replaced, as the reference server's log does. A browser's or an SDK's
 * message often quotes the URL it was given ("net::ERR_NAME_NOT_RESOLVED at https://..."), and CloudWatch
 * keeps what it is sent. The functions log in Lambda's JSON format (the stack sets it), which adds the
 * level, time and request id to each line.
 */
export function errorLogText(error: unknown): string {
  return redactLogText(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
