import { ServiceError } from "@public-scan/core";
import { decodeUtf8, readLimitedBody } from "./read-limited-body.js";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body of at most `maxBytes` (`readLimitedBody`). Every failure is `invalid_request`
 * with a message that says what to fix; nothing has been done yet when it fails. An absent body reads as
 * `undefined`.
 */
export async function readJsonBody(request: Request, options: { maxBytes: number }): Promise<unknown> {
  const bytes = await readLimitedBody(request, options);
  if (bytes === undefined) return undefined;
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new ServiceError("invalid_request", "Send the request body as JSON with Content-Type: application/json.");
  }
  const text = decodeUtf8(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError("invalid_request", "The request body is not valid JSON.");
  }
}
