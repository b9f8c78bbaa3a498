import type { H3Event } from "h3";
import type { AccountsAppContext } from "./accounts-app-context.js";
import { readCheckedForm } from "./read-checked-form.js";

/** The address a request is known by when the host resolved none (limits then count it with the unknown ones). */
const UNKNOWN_CLIENT = "0.0.0.0";

/** The request's Cookie header, as the sessions and the CSRF guard read it. */
export const cookiesOf = (event: H3Event): string | undefined => event.req.headers.get("cookie") ?? undefined;

/** The client's address as the host resolved it (trusted proxies applied), for the forms' rate limits. */
export const addressOf = (event: H3Event): string => (event.context.clientAddress as string | null | undefined) ?? UNKNOWN_CLIENT;

/** A page's form, CSRF-checked: a refusal tells the person to reload the page. */
export const checkedFormOf = (context: AccountsAppContext, event: H3Event): Promise<URLSearchParams> =>
  readCheckedForm(
    context.csrf,
    { header: (name) => event.req.headers.get(name), body: event.req.body as AsyncIterable<Uint8Array> | null },
    "reload the page and try again",
  );
