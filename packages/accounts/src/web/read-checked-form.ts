import { AccountError } from "../accounts/account-error.js";
import { CSRF_FIELD, type CsrfGuard } from "./create-csrf-guard.js";
import { readForm } from "./read-form.js";

/** A form request as both kinds of route see it: a fetch Request (the pages) or Node's (the OAuth steps). */
export interface FormRequest {
  header: (name: string) => string | null;
  body: AsyncIterable<Uint8Array> | null;
}

/**
 * A form submission after its CSRF check; a forged one is refused before anything is read from it.
 * `whatToDo` ends the refusal's sentence: where the person starts again.
 */
export async function readCheckedForm(csrf: CsrfGuard, request: FormRequest, whatToDo: string): Promise<URLSearchParams> {
  const form = await readForm({ contentType: request.header("content-type"), body: request.body });
  const genuine = csrf.verify({
    cookieHeader: request.header("cookie") ?? undefined,
    token: form.get(CSRF_FIELD),
    secFetchSite: request.header("sec-fetch-site"),
    origin: request.header("origin"),
  });
  if (!genuine) throw new AccountError("invalid_form", `This form expired or came from another site; ${whatToDo}.`);
  return form;
}
