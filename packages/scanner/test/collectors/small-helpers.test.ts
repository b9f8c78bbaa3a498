import { toObservedHost } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { cookieNameOfLine } from "../../src/collectors/cookie-collector.js";
import { initiatorHost, toResourceType } from "../../src/collectors/to-resource-type.js";
import { setCookieHeader, setCookieNames } from "../../src/collectors/set-cookie-names.js";

describe("setCookieNames", () => {
  it("keeps names only, from several header lines", () => {
    expect(setCookieNames("IDE=CANARY-1; Domain=.doubleclick.net; Secure\n_ga=GA1.2.CANARY; Path=/")).toEqual(["IDE", "_ga"]);
    expect(setCookieNames(undefined)).toEqual([]);
    expect(setCookieNames("=novalue")).toEqual([]);
  });

  it("finds the header whatever its case", () => {
    expect(setCookieHeader({ "Set-Cookie": "a=1" })).toBe("a=1");
    expect(setCookieHeader({ "set-cookie": "b=2" })).toBe("b=2");
    expect(setCookieHeader({ "content-type": "text/html" })).toBeUndefined();
  });
});

describe("toResourceType", () => {
  it.each([
    ["Document", false, "document"],
    ["Document", true, "subdocument"],
    ["Ping", false, "beacon"],
    ["XHR", false, "xhr"],
    ["Fetch", false, "fetch"],
    ["WebSocket", false, "websocket"],
    ["TextTrack", false, "media"],
    ["Preflight", false, null],
    ["SomethingNew", false, "other"],
  ] as const)("%s (subframe %s) is %s", (cdpType, subframe, expected) => {
    expect(toResourceType(cdpType, subframe)).toBe(expected);
  });
});

describe("initiatorHost", () => {
  it("reads the initiator URL, else the first web frame of its stack, host only", () => {
    expect(initiatorHost({ type: "parser", url: "https://www.example.com/page?x=CANARY" })).toBe("www.example.com");
    expect(
      initiatorHost({
        type: "script",
        stack: {
          callFrames: [{ functionName: "", scriptId: "1", url: "", lineNumber: 0, columnNumber: 0 }],
          parent: {
            callFrames: [
              { functionName: "f", scriptId: "2", url: "https://www.googletagmanager.com/gtag/js?id=G-1", lineNumber: 1, columnNumber: 1 },
            ],
          },
        },
      }),
    ).toBe("www.googletagmanager.com");
    expect(initiatorHost({ type: "other" })).toBeNull();
    expect(initiatorHost(undefined)).toBeNull();
  });
});

describe("cookieNameOfLine", () => {
  it("takes a name only from name=value lines, never the text of a line without one", () => {
    expect(cookieNameOfLine("IDE=abc; Domain=.doubleclick.net")).toBe("IDE");
    expect(cookieNameOfLine("CANARY-value-without-equals")).toBe("");
    expect(cookieNameOfLine("CANARY; Path=/; x=1")).toBe("");
    expect(cookieNameOfLine("=orphan")).toBe("");
  });
});

describe("toObservedHost", () => {
  it("lower-cases, drops a trailing dot, keeps underscores, and refuses what is not a host", () => {
    expect(toObservedHost("T.Example.")).toBe("t.example");
    expect(toObservedHost("a_b.cdn.com")).toBe("a_b.cdn.com");
    expect(toObservedHost("NOT A HOST")).toBeNull();
    expect(toObservedHost("x".repeat(300))).toBeNull();
  });
});
