import { describe, expect, it } from "vitest";
import { MAX_GPC_JSON_BYTES, parseGpcJson } from "../../src/us-privacy/parse-gpc-json.js";

const json = (body: string, contentType: string | null = "application/json", httpStatus = 200) =>
  parseGpcJson({ httpStatus, contentType, body });

describe("parseGpcJson", () => {
  it("reads a valid file: gpc true or false, with or without lastUpdate", () => {
    expect(json('{"gpc": true, "lastUpdate": "2025-01-15"}')).toEqual({ status: "found", gpc: true, lastUpdate: true });
    expect(json('{"gpc": false}')).toEqual({ status: "found", gpc: false, lastUpdate: false });
    expect(json('\uFEFF  {"gpc": true, "version": 1}  ', "text/plain")).toEqual({ status: "found", gpc: true, lastUpdate: false });
  });

  it.each([
    ["gpc as a string", '{"gpc": "yes"}'],
    ["gpc missing", '{"lastUpdate": "2025-01-15"}'],
    ["an array", "[true]"],
    ["malformed JSON", '{"gpc": true,'],
    ["null", "null"],
  ])("calls %s invalid", (_label, body) => {
    expect(json(body)).toEqual({ status: "invalid", gpc: null, lastUpdate: false });
  });

  it("calls a file beyond the size bound invalid", () => {
    expect(json(`{"gpc": true, "pad": "${"x".repeat(MAX_GPC_JSON_BYTES)}"}`).status).toBe("invalid");
  });

  it("reads 404 and 410, and an HTML page where the file would be, as not found", () => {
    expect(json("Not found.", "text/plain", 404).status).toBe("not_found");
    expect(json("", null, 410).status).toBe("not_found");
    expect(json("<!doctype html><title>Shop</title>", "text/html").status).toBe("not_found");
  });

  it("reads another error status as unreachable", () => {
    expect(json("", "text/html", 503)).toEqual({ status: "unreachable", gpc: null, lastUpdate: false });
    expect(json("", "text/html", 403).status).toBe("unreachable");
  });
});
