import { ServiceError } from "@public-scan/core";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body of at most `maxBytes`, counting bytes as they arrive (a missing or false
 * Content-Length cannot get past it). Every failure is `invalid_request` with a message that says what to
 * fix; nothing has been done yet when it fails. An absent body reads as `undefined`.
 */
export async function readJsonBody(request: Request, options: { maxBytes: number }): Promise<unknown> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > options.maxBytes) throw tooLarge(options.maxBytes);
  if (request.body === null) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxBytes) {
      await reader.cancel();
      throw tooLarge(options.maxBytes);
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new ServiceError("invalid_request", "Send the request body as JSON with Content-Type: application/json.");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ServiceError("invalid_request", "The request body is not valid UTF-8.");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError("invalid_request", "The request body is not valid JSON.");
  }
}

const tooLarge = (maxBytes: number) => new ServiceError("invalid_request", `The request body exceeds ${maxBytes} bytes.`);
