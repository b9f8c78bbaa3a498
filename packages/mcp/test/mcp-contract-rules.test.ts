import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ScanBundleSchema } from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp } from "./support/create-test-mcp.js";
import { toolErrorOf } from "./support/tool-error-of.js";

/** The contract's MCP rules 1 to 7, one test each, through the HTTP endpoint as a host would call it. */
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;

describe("the contract's MCP rules", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let scanId: string;
  beforeAll(async () => {
    mcp = await createTestMcp();
    client = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]) });
    scanId = structured(await call(client, "service_scan_site", { url: "https://www.rules.example/" })).scanId as string;
  });
  afterAll(() => mcp.close());

  it("1: status needs a scanId; an error without one says whether and when to retry, and the scan tool's answer names the next tool", async () => {
    // Arguments are checked against the tool's input schema before it runs: the error names the argument
    // and says not to retry as it is (mcp-invalid-arguments.test.ts covers every tool).
    for (const args of [{}, { scanId: "not-a-scan-id" }]) {
      const refused = await call(client, "service_get_scan_status", args);
      expect(toolErrorOf(refused)).toMatchObject({
        code: "invalid_request",
        retryable: false,
        message: expect.stringMatching(/^scanId: /),
      });
    }
    // A well-formed id of no scan is the service's answer: not_found, not retryable.
    const unknown = await call(client, "service_get_scan_status", { scanId: scanId.replace(/.$/, (last) => (last === "a" ? "b" : "a")) });
    expect(toolErrorOf(unknown)).toMatchObject({ code: "not_found", retryable: false, retryAfterSeconds: null });
    const started = structured(await call(client, "service_scan_site", { url: "https://www.rules-next.example/", waitSeconds: 0 }));
    expect(started).toMatchObject({ type: "service_scan_job", recommendedNextTool: "service_get_scan_status" });
    expect(started.retryAfterSeconds).toEqual(expect.any(Number));
  });

  it("2 and 3: a bundle declares its counts, size, cuts and retrieval URLs, and stays within maxBytes", async () => {
    for (const [detail, maxBytes] of [
      ["summary", 5000],
      ["findings", 8000],
      ["evidence", 8000],
      ["full", 12000],
      ["full", 2000],
    ] as const) {
      const bundle = ScanBundleSchema.parse(structured(await call(client, "service_get_scan_bundle", { scanId, detail, maxBytes })));
      expect(bundle.actualBytes).toBeLessThanOrEqual(maxBytes);
      expect(Buffer.byteLength(JSON.stringify(bundle))).toBe(bundle.actualBytes);
      expect(bundle.retrievalUrls.findings).toContain(scanId);
      if (bundle.truncated) expect(bundle.nextRecommendedMaxBytes).toBeGreaterThan(maxBytes);
      if (maxBytes === 2000) expect(bundle.findings.length).toBeGreaterThan(0);
    }
  });

  it("4: the default bundle is the summary: the overview, at most five findings and bounded pre-consent rows", async () => {
    const bundle = ScanBundleSchema.parse(structured(await call(client, "service_get_scan_bundle", { scanId })));
    expect(bundle.detail).toBe("summary");
    expect(bundle.overview.scanId).toBe(scanId);
    expect(bundle.findings.length).toBeLessThanOrEqual(5);
    expect(bundle.evidence).toBeUndefined();
    expect(bundle.omittedSections).toContain("evidence");
  });

  it("5: answers are public-safe observations with the disclaimer, never legal conclusions", async () => {
    for (const name of ["service_get_scan", "service_get_report", "service_list_findings"]) {
      const result = await call(client, name, { scanId });
      const text = (result.content[0] as { text: string }).text;
      expect(structured(result).disclaimer ?? (structured(result) as { disclaimer?: string }).disclaimer).toMatch(/not legal advice/i);
      expect(text).not.toMatch(/\b(is|are) (non-?compliant|illegal|unlawful)\b/i);
      expect(text).not.toMatch(/CANARY|\?[a-z_]+=/i);
    }
  });

  it("6: a reused scan carries only persisted provenance: its own timestamps, reported as a reuse", async () => {
    const first = structured(await call(client, "service_get_scan", { scanId }));
    const reused = structured(await call(client, "service_scan_site", { url: "https://www.rules.example/" }));
    expect(reused).toMatchObject({ scanId, reused: true, executionMode: "reused_scan", quotaConsumed: false });
    expect(reused.createdAt).toBe(first.createdAt);
    expect(reused.completedAt).toBe(first.completedAt);
    // As on REST, `freshness: fresh` asks for a new scan instead of the reuse.
    const fresh = structured(
      await call(client, "service_scan_site", { url: "https://www.rules.example/", freshness: "fresh", waitSeconds: 0 }),
    );
    expect(fresh).toMatchObject({ executionMode: "new_scan", freshnessDecision: "fresh_scan_requested_queued" });
    expect(fresh.scanId).not.toBe(scanId);
  });

  it("7: an over-limit bundle is refused before it starts, with the machine-readable limit", async () => {
    // 120 units per caller and scan in 10 minutes: a bundle is 4, so the 31st is over.
    let refused: CallToolResult | null = null;
    for (let index = 0; index < 40 && refused === null; index += 1) {
      const result = await call(client, "service_get_scan_bundle", { scanId, detail: "summary", maxBytes: 5000 });
      if (result.isError) refused = result;
    }
    expect(toolErrorOf(refused!)).toMatchObject({
      code: "rate_limited",
      retryable: true,
      retryAfterSeconds: expect.any(Number) as number,
      rateLimit: { profile: "weighted_read", scope: "caller_resource", requestedUnits: 4 },
    });
    // The line before the JSON tells the model when to ask again.
    expect((refused!.content[0] as { text: string }).text).toMatch(/^rate_limited: .* Retry after \d+ s\./);
  });
});
