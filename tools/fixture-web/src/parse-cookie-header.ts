/** The cookies of a `Cookie` request header, by name (the first of duplicate names wins, as in browsers' order). */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, pair.slice(eq + 1).trim());
  }
  return cookies;
}
