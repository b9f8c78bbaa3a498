import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, createCsrfGuard } from "../src/web/create-csrf-guard.js";

const ORIGIN = "https://scan.example";
const SECRET = "a-test-secret-that-is-long-enough-0123456789";

/** The `name=value` pair of a Set-Cookie value, as the browser would send it back. */
const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;

/** A browser that loaded a form: its cookie header and the form's token. */
function loadForm(guard = createCsrfGuard({ secret: SECRET, origin: ORIGIN, secure: true })) {
  const { token, setCookie } = guard.issue(undefined);
  return { guard, token, cookieHeader: cookieOf(setCookie) };
}

/** A genuine same-origin submission of that form; each test changes one thing. */
const submission = (form: { token: string; cookieHeader: string }) => ({
  cookieHeader: form.cookieHeader,
  token: form.token as unknown,
  secFetchSite: "same-origin" as string | null,
  origin: ORIGIN as string | null,
});

describe("createCsrfGuard: issue", () => {
  it("sets a cookie for a browser that has none, and not again once it has one", () => {
    const guard = createCsrfGuard({ secret: SECRET, origin: ORIGIN, secure: true });
    const first = guard.issue(undefined);
    expect(first.setCookie).toMatch(new RegExp(`^__Host-${CSRF_COOKIE}=[\\w-]{22};`));
    const again = guard.issue(`other=1; ${cookieOf(first.setCookie)}`);
    expect(again.setCookie).toBeNull();
    // The same browser gets the same token on every page.
    expect(again.token).toBe(first.token);
  });

  it("replaces a malformed cookie instead of signing it", () => {
    const guard = createCsrfGuard({ secret: SECRET, origin: ORIGIN, secure: true });
    for (const cookieHeader of [`${CSRF_COOKIE}=short`, `${CSRF_COOKIE}=${"a".repeat(21)}!`, `${CSRF_COOKIE}=`]) {
      expect(guard.issue(cookieHeader).setCookie).not.toBeNull();
    }
  });

  it("marks the cookie HttpOnly, SameSite=Strict, Path=/ and Secure only when the site is served over HTTPS", () => {
    const secure = createCsrfGuard({ secret: SECRET, origin: ORIGIN, secure: true }).issue(undefined).setCookie!;
    const plain = createCsrfGuard({ secret: SECRET, origin: "http://127.0.0.1:8080", secure: false }).issue(undefined).setCookie!;
    for (const cookie of [secure, plain]) {
      const attributes = cookie.split("; ").slice(1);
      expect(attributes).toContain("HttpOnly");
      expect(attributes).toContain("SameSite=Strict");
      expect(attributes).toContain("Path=/");
      expect(attributes.some((attribute) => /^Max-Age=\d+$/.test(attribute))).toBe(true);
    }
    expect(secure.split("; ")).toContain("Secure");
    expect(plain.split("; ")).not.toContain("Secure");
  });
});

describe("createCsrfGuard: verify", () => {
  it("accepts the token with the cookie it was issued with", () => {
    const form = loadForm();
    expect(form.guard.verify(submission(form))).toBe(true);
  });

  it("refuses the token with another browser's cookie", () => {
    const form = loadForm();
    const other = loadForm(form.guard);
    expect(form.guard.verify({ ...submission(form), cookieHeader: other.cookieHeader })).toBe(false);
    expect(form.guard.verify({ ...submission(form), token: other.token })).toBe(false);
  });

  it("refuses a tampered token", () => {
    const form = loadForm();
    const last = form.token.at(-1) === "A" ? "B" : "A";
    for (const token of [`${form.token.slice(0, -1)}${last}`, form.token.slice(0, -1), `${form.token}A`, form.token.toUpperCase()]) {
      expect(form.guard.verify({ ...submission(form), token })).toBe(false);
    }
  });

  it("refuses a token and cookie pair made by a guard with another secret", () => {
    const foreign = loadForm(createCsrfGuard({ secret: `${SECRET}-other`, origin: ORIGIN, secure: true }));
    const guard = createCsrfGuard({ secret: SECRET, origin: ORIGIN, secure: true });
    expect(foreign.guard.verify(submission(foreign))).toBe(true);
    expect(guard.verify(submission(foreign))).toBe(false);
  });

  it("refuses a missing token, a token that is not a string, and a missing cookie", () => {
    const form = loadForm();
    for (const token of [null, undefined, "", 42, [form.token], { toString: () => form.token }]) {
      expect(form.guard.verify({ ...submission(form), token })).toBe(false);
    }
    expect(form.guard.verify({ ...submission(form), cookieHeader: undefined })).toBe(false);
    expect(form.guard.verify({ ...submission(form), cookieHeader: "other=1" })).toBe(false);
  });

  it.each([
    ["same-origin", true],
    ["none", true],
    [null, true],
    ["same-site", false],
    ["cross-site", false],
    ["", false],
  ] as const)("with Sec-Fetch-Site %j answers %s", (secFetchSite, accepted) => {
    const form = loadForm();
    expect(form.guard.verify({ ...submission(form), secFetchSite })).toBe(accepted);
  });

  it.each([
    [ORIGIN, true],
    [null, true],
    ["https://evil.example", false],
    ["http://scan.example", false],
    ["https://scan.example:8443", false],
    ["null", false],
    [`${ORIGIN}/`, false],
  ] as const)("with Origin %j answers %s", (origin, accepted) => {
    const form = loadForm();
    expect(form.guard.verify({ ...submission(form), origin })).toBe(accepted);
  });
});
