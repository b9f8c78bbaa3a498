import { ServiceError } from "@public-scan/core";

/**
 * A request body of at most `maxBytes`, counting bytes as they arrive (a missing or false Content-Length
 * cannot get past it); `undefined` when there is none. Too large is `invalid_request`, before anything is done.
 */
export async function readLimitedBody(request: Request, options: { maxBytes: number }): Promise<Uint8Array | undefined> {
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
  return size === 0 ? undefined : Buffer.concat(chunks);
}

/** Bytes as UTF-8 text; anything else is `invalid_request`. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ServiceError("invalid_request", "The request body is not valid UTF-8.");
  }
}

const tooLarge = (maxBytes: number) => new ServiceError("invalid_request", `The request body exceeds ${maxBytes} bytes.`);
