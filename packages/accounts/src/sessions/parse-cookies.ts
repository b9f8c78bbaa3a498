/** Reads a Cookie header into name -> value (the first of duplicates wins, as browsers send the most specific first). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(index + 1).trim());
  }
  return cookies;
}

/** A Set-Cookie value; `secure` whenever the deployment is served over HTTPS. */
export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean; sameSite: "Lax" | "Strict" },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    "HttpOnly",
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The name a cookie is set under: with the `__Host-` prefix on HTTPS, so browsers refuse it from a sibling
 * subdomain or with a wider path (a planted session), and the plain name on http://localhost.
 */
export const cookieName = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);
