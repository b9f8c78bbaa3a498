import { ServiceError } from "@public-scan/core";
import { decodeUtf8, readLimitedBody } from "./read-limited-body.js";

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** A browser form's fields (`application/x-www-form-urlencoded`, at most `maxBytes`); anything else is `invalid_request`. */
export async function readFormBody(request: Request, options: { maxBytes: number }): Promise<URLSearchParams> {
  const bytes = await readLimitedBody(request, options);
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? ""))
    throw new ServiceError("invalid_request", "Send the form as a browser does.");
  return new URLSearchParams(bytes === undefined ? "" : decodeUtf8(bytes));
}
