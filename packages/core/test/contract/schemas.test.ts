import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AuthCheckSchema,
  CreateScanRequestSchema,
  ErrorEnvelopeSchema,
  FindingDetailSchema,
  FindingListSchema,
  HealthSchema,
  IssuedApiKeySchema,
  PreConsentTableSchema,
  PulseEvidenceSchema,
  PulseSchema,
  ReadOnlyKeyRequestSchema,
  ScanBundleSchema,
  ScanDiagnosticsSchema,
  ScanJobSchema,
  ScanOrJobSchema,
  ScanSchema,
} from "../../src/contract/index.js";
import * as examples from "../../src/examples/contract-examples.js";

type Mutation = [what: string, mutate: (value: any) => void];

interface SchemaCase {
  schema: z.ZodType;
  valid: unknown[];
  broken: Mutation[];
}

/** Every resource and request: contract-shaped examples pass, and each single break is refused. */
const CASES: Record<string, SchemaCase> = {
  Scan: {
    schema: ScanSchema,
    valid: [examples.scan, examples.noGoScan],
    broken: [
      ["wrong type constant", (v) => (v.type = "scan")],
      ["score is not an integer", (v) => (v.score = 61.5)],
      ["score above 100", (v) => (v.score = 101)],
      ["active status on a Scan", (v) => (v.status = "running")],
      ["unknown coverage status", (v) => (v.coverage.status = "full")],
      ["missing links.report", (v) => delete v.links.report],
      ["timestamp not UTC ISO", (v) => (v.completedAt = "23/11/2026")],
      ["scanFrom inferred as free text", (v) => (v.scanFrom = "Ireland")],
      ["scanTimeSeconds negative", (v) => (v.scanTimeSeconds = -1)],
      ["missing disclaimer", (v) => delete v.disclaimer],
      ["scanId not UUID-shaped", (v) => (v.scanId = "123")],
      ["unknown next tool", (v) => (v.recommendedNextTool = "get_everything")],
    ],
  },
  ScanJob: {
    schema: ScanJobSchema,
    valid: [examples.scanJob, examples.failedJob],
    broken: [
      ["completed status on a job", (v) => (v.status = "completed")],
      ["progress above 100", (v) => (v.progressPercent = 120)],
      ["retryAfterSeconds fractional", (v) => (v.retryAfterSeconds = 1.5)],
      ["unknown phase", (v) => (v.phase = "sleeping")],
      ["missing lastHeartbeatAt", (v) => delete v.lastHeartbeatAt],
      ["links without status", (v) => delete v.links.status],
      ["stalled not boolean", (v) => (v.stalled = "no")],
    ],
  },
  ScanOrJob: {
    schema: ScanOrJobSchema,
    valid: [examples.scan, examples.scanJob],
    broken: [["unknown discriminator", (v) => (v.type = "service_thing")]],
  },
  AuthCheck: {
    schema: AuthCheckSchema,
    valid: [examples.authCheck, { ...examples.authCheck, expiresAt: null }],
    broken: [
      ["authenticated false", (v) => (v.authenticated = false)],
      ["unknown scope", (v) => v.scopes.push("admin")],
      ["missing scopes", (v) => delete v.scopes],
    ],
  },
  IssuedApiKey: {
    schema: IssuedApiKeySchema,
    valid: [examples.issuedApiKey],
    broken: [
      ["expiresAt null", (v) => (v.expiresAt = null)],
      ["rate limits missing scanReadsPerDay", (v) => delete v.rateLimits.scanReadsPerDay],
      ["support email not an email", (v) => (v.usageGuidance.scanCreateRequestEmail = "support")],
    ],
  },
  ReadOnlyKeyRequest: {
    schema: ReadOnlyKeyRequestSchema,
    valid: [examples.readOnlyKeyRequest, {}],
    broken: [
      ["name too long", (v) => (v.name = "x".repeat(101))],
      ["control characters in name", (v) => (v.name = "ci\u0000key")],
      ["unknown field", (v) => (v.admin = true)],
      ["name not a string", (v) => (v.name = 7)],
    ],
  },
  CreateScanRequest: {
    schema: CreateScanRequestSchema,
    valid: [
      examples.createScanRequest,
      { url: "http://example.com" },
      { url: "https://example.com/path?q=1", freshness: "fresh" },
      { url: "https://example.com:8443/" },
    ],
    broken: [
      ["missing url", (v) => delete v.url],
      ["non-http scheme", (v) => (v.url = "file:///etc/passwd")],
      ["javascript scheme", (v) => (v.url = "javascript:alert(1)")],
      ["relative url", (v) => (v.url = "/admin")],
      ["credentials in url", (v) => (v.url = "https://user:pass@example.com/")],
      ["port 0", (v) => (v.url = "http://example.com:0/")],
      ["port 0 spelled 00", (v) => (v.url = "https://example.com:00/admin")],
      ["url too long", (v) => (v.url = `https://example.com/${"a".repeat(2100)}`)],
      ["unknown freshness", (v) => (v.freshness = "yesterday")],
      ["scanFrom of the wrong shape", (v) => (v.scanFrom = "EU-IE")],
      ["unknown field", (v) => (v.resolve = "*=127.0.0.1")],
    ],
  },
  FindingList: {
    schema: FindingListSchema,
    valid: [examples.findingList, { ...examples.findingList, findings: [] }],
    broken: [
      ["finding id not snake_case", (v) => (v.findings[0].id = "Pre-Consent Tracker")],
      ["unknown criticality", (v) => (v.findings[0].criticality = "critical")],
      ["evidence basis other than the projection", (v) => (v.findings[0].evidence.basis = "raw_scanner")],
      ["negative exampleCount", (v) => (v.findings[0].evidence.exampleCount = -1)],
      ["priority out of range", (v) => (v.findings[0].priority = 0)],
    ],
  },
  FindingDetail: {
    schema: FindingDetailSchema,
    valid: [examples.findingDetail],
    broken: [
      ["more examples than the cap", (v) => (v.finding.examples = Array.from({ length: 21 }, () => examples.evidenceExample))],
      ["missing caveats", (v) => delete v.finding.caveats],
      ["unknown example kind", (v) => (v.finding.examples[0].kind = "raw_dom")],
    ],
  },
  PreConsentTable: {
    schema: PreConsentTableSchema,
    valid: [examples.preConsentTable],
    broken: [
      ["row in another phase", (v) => (v.rows[0].phase = "after_accept")],
      ["row with an unknown kind", (v) => (v.rows[0].kind = "pixel")],
      ["row evidence basis other than the projection", (v) => (v.rows[0].evidenceBasis = "scanner")],
      ["summary without rowCount", (v) => delete v.summary.rowCount],
      ["host with a path", (v) => (v.rows[0].host = "example.com/track?id=1")],
      ["unknown purpose", (v) => (v.rows[0].purpose = "whatever")],
    ],
  },
  Pulse: {
    schema: PulseSchema,
    valid: [examples.pulse],
    broken: [
      ["more than five top findings", (v) => (v.topFindings = Array.from({ length: 6 }, () => examples.findingSummary))],
      ["overview without score", (v) => delete v.scan.score],
      ["wrong type", (v) => (v.type = "service_pulse_evidence")],
    ],
  },
  PulseEvidence: {
    schema: PulseEvidenceSchema,
    valid: [examples.pulseEvidence],
    broken: [
      ["more than five examples per finding", (v) => (v.items[0].examples = Array.from({ length: 6 }, () => examples.evidenceExample))],
      ["totals without truncated", (v) => delete v.totals.truncated],
    ],
  },
  ScanBundle: {
    schema: ScanBundleSchema,
    valid: [examples.scanBundle],
    broken: [
      ["unknown detail", (v) => (v.detail = "everything")],
      ["unknown omitted section", (v) => v.omittedSections.push("raw_dom")],
      ["counts without evidence", (v) => delete v.counts.evidence],
      ["negative actualBytes", (v) => (v.actualBytes = -5)],
      ["actualBytes above maxBytes", (v) => (v.actualBytes = v.maxBytes + 1)],
      ["a budget below the minimum", (v) => (v.maxBytes = 1999)],
      ["a truncated count in a bundle that is not truncated", (v) => (v.counts.findings.truncated = true)],
      ["counts that disagree with the findings", (v) => (v.counts.findings.returned = 2)],
      ["truncated without a recommended budget", (v) => (v.truncated = true)],
    ],
  },
  ScanDiagnostics: {
    schema: ScanDiagnosticsSchema,
    valid: [examples.diagnostics],
    broken: [
      ["unknown collector status", (v) => (v.collectors[0].status = "exploded")],
      ["collector list beyond its bound", (v) => (v.collectors = Array.from({ length: 51 }, () => v.collectors[0]))],
      ["counts without requests", (v) => delete v.counts.requests],
    ],
  },
  Health: {
    schema: HealthSchema,
    valid: [examples.health],
    broken: [
      ["api version v1", (v) => (v.apiVersion = "v1")],
      ["no scan regions", (v) => (v.scanRegions = [])],
    ],
  },
  ErrorEnvelope: {
    schema: ErrorEnvelopeSchema,
    valid: [
      examples.errorEnvelope,
      { ...examples.errorEnvelope, links: undefined, error: { ...examples.errorEnvelope.error, rateLimit: undefined } },
    ],
    broken: [
      ["unknown error code", (v) => (v.error.code = "teapot")],
      ["retryable not boolean", (v) => (v.error.retryable = "yes")],
      ["missing recommendedNextAction", (v) => delete v.error.recommendedNextAction],
      ["rate limit details without policy version", (v) => delete v.error.rateLimit.policyVersion],
      ["wrong type", (v) => (v.type = "error")],
    ],
  },
};

describe.each(Object.entries(CASES))("%s schema", (_name, { schema, valid, broken }) => {
  it.each(valid.map((value, index) => [index, value]))("accepts contract-shaped example %i", (_index, value) => {
    const result = schema.safeParse(value);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(broken)("rejects: %s", (_what, mutate) => {
    const value = structuredClone(valid[0]) as Record<string, unknown>;
    mutate(value);
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe("Scan no-go disposition", () => {
  it("requires a reason code with no_go and completed_limited status", () => {
    expect(ScanSchema.safeParse({ ...examples.noGoScan, resultDispositionReason: null }).success).toBe(false);
    expect(ScanSchema.safeParse({ ...examples.noGoScan, status: "completed" }).success).toBe(false);
  });

  it("says the score of a no-go was not assessed: its 0 is no measurement, and only a no-go is not assessed", () => {
    expect(ScanSchema.safeParse(examples.noGoScan).success).toBe(true);
    for (const field of [{ scoreStatus: "final" }, { scoreStatus: "provisional" }, { riskLevel: "priority_review" }, { score: 100 }]) {
      expect(ScanSchema.safeParse({ ...examples.noGoScan, ...field }).success).toBe(false);
    }
    expect(ScanSchema.safeParse({ ...examples.scan, scoreStatus: "not_assessed" }).success).toBe(false);
    expect(ScanSchema.safeParse({ ...examples.scan, riskLevel: "not_assessed" }).success).toBe(false);
  });

  it("refuses a reason without a no_go disposition", () => {
    expect(ScanSchema.safeParse({ ...examples.scan, resultDispositionReason: examples.noGoScan.resultDispositionReason }).success).toBe(
      false,
    );
  });
});

describe("ScanJob error object", () => {
  it("is present exactly when the job ended failed or expired", () => {
    expect(ScanJobSchema.safeParse({ ...examples.failedJob, error: undefined }).success).toBe(false);
    expect(ScanJobSchema.safeParse({ ...examples.scanJob, error: examples.failedJob.error }).success).toBe(false);
  });
});
