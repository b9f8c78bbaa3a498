export interface SetCookieOptions {
  name: string;
  value: string;
  /** A Domain attribute (for example `.youtube.com`); omit for a host-only cookie. */
  domain?: string;
  path?: string;
  /** Lifetime in seconds; omit for a session cookie. */
  maxAgeSeconds?: number;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

/**
 * One `Set-Cookie` header value, attributes in the order real servers tend to use. `Expires` is written
 * alongside `Max-Age`, as the big trackers do for old clients.
 */
export function formatSetCookie(options: SetCookieOptions): string {
  const parts = [`${options.name}=${options.value}`];
  if (options.domain !== undefined) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Expires=${new Date(Date.now() + options.maxAgeSeconds * 1000).toUTCString()}`, `Max-Age=${options.maxAgeSeconds}`);
  }
  if (options.secure === true) parts.push("Secure");
  if (options.httpOnly === true) parts.push("HttpOnly");
  if (options.sameSite !== undefined) parts.push(`SameSite=${options.sameSite}`);
  return parts.join("; ");
}
