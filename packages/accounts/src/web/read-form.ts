import { AccountError } from "../accounts/account-error.js";

/** The account forms are small: an email, a password, a token. Anything larger is refused unread. */
export const MAX_FORM_BYTES = 8 * 1024;

/**
 * Reads an `application/x-www-form-urlencoded` body (from a fetch Request's body or a Node request, both
 * async-iterable byte streams), stopping at `MAX_FORM_BYTES`. Any other content type is refused.
 */
export async function readForm(input: {
  contentType: string | null | undefined;
  body: AsyncIterable<Uint8Array> | null;
}): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(input.contentType ?? "") || input.body === null) {
    throw new AccountError("invalid_form", "The form could not be read; reload the page and try again.");
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of input.body) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) throw new AccountError("invalid_form", "The form is too large.");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
