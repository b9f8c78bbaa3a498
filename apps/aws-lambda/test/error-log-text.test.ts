import { describe, expect, it } from "vitest";
import { errorLogText } from "../src/error-log-text.js";

describe("errorLogText", () => {
  it("logs an error's stack with the URL, query and key it quoted replaced", () => {
    const error = new Error("net::ERR_NAME_NOT_RESOLVED at https://shop.example/cart?session=abc123 (key svc_ro_abcdefghijkl)");
    const text = errorLogText(error);
    expect(text).toMatch(/^Error: net::ERR_NAME_NOT_RESOLVED at \[url\] \(key \[api-key\]\)/);
    expect(text).not.toMatch(/shop\.example|session|abc123|svc_ro_/);
    // The stack's frames (this file's path) stay: they are ours, and what makes the line useful.
    expect(text).toContain("error-log-text.test.ts");
  });

  it("logs what is not an Error as text, redacted the same way", () => {
    expect(errorLogText("refused https://a.example/?token=x and me@mail.example")).toBe("refused [url] and [email]");
  });
});
