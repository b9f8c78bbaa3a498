/**
 * A browser's cookie jar, as far as these tests need one: cookies by name for one origin, updated from
 * every response's Set-Cookie, sent with every request. Redirects are followed by hand, so each hop's
 * cookies are seen (fetch does not expose Set-Cookie of redirects it follows itself).
 */
export function createCookieJar() {
  const cookies = new Map<string, string>();
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(line) || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  /** One request with the jar's cookies and a browser's same-origin headers for forms. */
  const request = async (url: string, init: RequestInit & { form?: Record<string, string> } = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set("cookie", header());
    let body = init.body;
    if (init.form !== undefined) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      // What a browser sends with its own page's form, unless the test plays another site.
      if (!headers.has("origin")) headers.set("origin", new URL(url).origin);
      if (!headers.has("sec-fetch-site")) headers.set("sec-fetch-site", "same-origin");
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { ...init, headers, body: body ?? null, redirect: "manual" });
    store(response);
    return response;
  };
  return { cookies, header, request };
}

/** The value of a hidden input in a page (the CSRF token), or null. */
export function hiddenValue(html: string, name: string): string | null {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;
}
