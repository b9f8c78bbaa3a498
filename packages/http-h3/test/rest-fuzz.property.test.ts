import { ErrorEnvelopeSchema } from "@public-scan/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRest } from "./support/create-test-rest.js";

const SCAN_ID = "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10";

/** Path segments that stress routing and decoding: encodings, traversal, unicode, control characters. */
const segment = fc.oneof(
  fc.constantFrom(
    SCAN_ID,
    "..",
    "%2e%2e",
    "%2F",
    "%00",
    "%",
    "%ZZ",
    "'; DROP TABLE scans;--",
    "<script>",
    "a".repeat(3000),
    "findings",
    "latest",
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", maxLength: 20 }).map(encodeURIComponent),
);
const path = fc.oneof(
  fc.constantFrom("/api/v2/scans", "/api/v2/health", "/api/v2/auth/check", "/api/v2/keys/request", "/api/v2/openapi.json"),
  fc
    .tuple(
      fc.constantFrom("/api/v2/scans/", "/api/v2/domains/", "/reports/"),
      segment,
      fc.constantFrom("", "/status", "/findings", "/latest"),
    )
    .map(([head, id, tail]) => `${head}${id}${tail}`),
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join("/")}`),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.record({
    url: fc.oneof(fc.webUrl(), fc.string(), fc.constantFrom("http://169.254.169.254/latest", "http://[::1]/", "http://0x7f.1/")),
  }),
  fc.string({ maxLength: 200 }),
);
const request = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"),
  path,
  query: fc.option(
    fc.string({ maxLength: 30 }).map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`),
    { nil: "" },
  ),
  authorization: fc.option(
    fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string().map((text) => `Bearer ${text}`),
    ),
    { nil: undefined },
  ),
  contentType: fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json; charset=latin1",
    "",
  ),
  body,
});

describe("REST fuzzing (fast-check)", () => {
  let rest: Awaited<ReturnType<typeof createTestRest>>;
  beforeAll(async () => {
    rest = await createTestRest();
  });
  afterAll(() => rest.close());

  it("never answers 500, and every API error is the envelope with the contract's headers", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const headers = new Headers();
        try {
          if (input.authorization !== undefined) headers.set("authorization", input.authorization);
          if (input.contentType !== "") headers.set("content-type", input.contentType);
        } catch {
          fc.pre(false); // a header value no HTTP client can send
        }
        const sendsBody = input.body !== undefined && !["GET", "HEAD"].includes(input.method);
        const init: RequestInit = {
          method: input.method,
          headers,
          ...(sendsBody ? { body: typeof input.body === "string" ? input.body : JSON.stringify(input.body) } : {}),
        };
        const response = await rest.app.fetch(
          Object.assign(new Request(`http://fuzz${input.path}${input.query}`, init), { ip: "203.0.113.77" }),
        );
        expect(response.status, `${input.method} ${input.path}`).not.toBe(500);
        expect(response.headers.get("x-service-api-version")).toBe("v2");
        expect(response.headers.get("x-service-request-id")).toBeTruthy();
        const isReport = new URL(`http://fuzz${input.path}`).pathname.startsWith("/reports/");
        if (response.status >= 400 && input.method !== "HEAD" && !isReport) {
          expect(ErrorEnvelopeSchema.safeParse(await response.json()).success).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
