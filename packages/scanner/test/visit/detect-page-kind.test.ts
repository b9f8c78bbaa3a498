import { describe, expect, it } from "vitest";
import { detectPageKind, type PageSignals } from "../../src/visit/detect-page-kind.js";

const page: PageSignals = {
  httpStatus: 200,
  contentType: "text/html",
  title: "Daily Courier",
  textLength: 5000,
  elementCount: 400,
  challengeMarkers: 0,
  failed: null,
};

describe("detectPageKind", () => {
  it.each([
    [{}, "html", null],
    [{ httpStatus: 503, title: "Just a moment..." }, "bot_challenge", "bot_challenge"],
    [{ httpStatus: 200, challengeMarkers: 1 }, "bot_challenge", "bot_challenge"],
    [{ httpStatus: 403, title: "Access Denied" }, "bot_challenge", "bot_challenge"],
    [{ httpStatus: 404, title: "Not found" }, "error_page", "http_error_status"],
    [{ httpStatus: 500 }, "error_page", "http_error_status"],
    [{ contentType: "application/pdf" }, "non_html", "non_html_target"],
    [{ contentType: "application/json" }, "non_html", "non_html_target"],
    [{ textLength: 0, elementCount: 3 }, "empty", "empty_document"],
    [{ failed: "refused", httpStatus: null }, "unreachable", "target_not_public"],
    [{ failed: "timeout", httpStatus: null }, "unreachable", "navigation_timeout"],
    [{ failed: "error", httpStatus: null }, "unreachable", "navigation_failed"],
  ] as const)("%j is %s", (overrides, pageKind, noGoReason) => {
    expect(detectPageKind({ ...page, ...overrides })).toEqual({ pageKind, noGoReason });
  });

  it("does not take an ordinary page titled 'Access denied' with status 200 for a challenge", () => {
    expect(detectPageKind({ ...page, title: "Access denied: how we handle permissions" }).pageKind).toBe("html");
  });
});
