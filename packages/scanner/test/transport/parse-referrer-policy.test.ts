import { describe, expect, it } from "vitest";
import { parseReferrerPolicy, toPrivacyHeaders } from "../../src/transport/to-privacy-headers.js";

describe("parseReferrerPolicy", () => {
  it.each([
    [undefined, null],
    ["no-referrer", "no-referrer"],
    ["strict-origin-when-cross-origin", "strict-origin-when-cross-origin"],
    ["Same-Origin", "same-origin"],
    // A fallback list: the last policy the browser knows wins.
    ["no-referrer, unsafe-url", "unsafe-url"],
    ["origin, some-future-policy", "origin"],
    ["no-referrer\nstrict-origin", "strict-origin"],
    // Tokens browsers accept only in <meta>, never in the header.
    ["never", "other"],
    ["always", "other"],
    ["", "other"],
    [" , ", "other"],
  ])("reads %j as %j", (header, expected) => {
    expect(parseReferrerPolicy(header)).toBe(expected);
  });
});

describe("toPrivacyHeaders", () => {
  it("reads presence and tokens, whatever the header names' case, and drops the values", () => {
    expect(
      toPrivacyHeaders({
        "Referrer-Policy": "no-referrer-when-downgrade",
        "PERMISSIONS-POLICY": "camera=()",
        "Content-Security-Policy-Report-Only": "default-src 'self'",
      }),
    ).toEqual({ referrerPolicy: "no-referrer-when-downgrade", permissionsPolicy: true, csp: false, cspReportOnly: true });
  });

  it("treats an empty header as not set", () => {
    expect(toPrivacyHeaders({ "content-security-policy": " ", "permissions-policy": "" })).toEqual({
      referrerPolicy: null,
      permissionsPolicy: false,
      csp: false,
      cspReportOnly: false,
    });
    expect(toPrivacyHeaders({ "content-security-policy": "default-src 'none'" }).csp).toBe(true);
  });
});
