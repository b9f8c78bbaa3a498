import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckedClient } from "./create-checked-client.js";
import { createTestRest } from "./create-test-rest.js";
import type { RestHost } from "@public-scan/test-support/rest-hosts";

type Body = Record<string, unknown>;
const UNKNOWN_SCAN = "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40";

/** Polls the status route (anonymous, as a caller who just created the scan would) until the scan is terminal. */
async function untilTerminal(call: ReturnType<typeof createCheckedClient>, scanId: string): Promise<Body> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { body } = await call("GET", `/api/v2/scans/${scanId}/status`);
    if (!["queued", "pending", "running", "finalizing"].includes(body.status as string)) return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("scan did not finish");
}

/**
 * The REST contract suite, for every host given: in-process and over a socket here (rest-contract.test.ts),
 * through the Lambda handler with API Gateway and Function URL events in @public-scan/aws-lambda. Every
 * answer is checked against the OpenAPI document.
 */
export function describeRestContract(hosts: readonly RestHost[]): void {
  describe.each(hosts)("REST /api/v2 contract, $name", (host) => {
    let rest: Awaited<ReturnType<typeof createTestRest>>;
    let call: ReturnType<typeof createCheckedClient>;
    let stop: () => Promise<void>;
    let reader: string;
    let creator: string;
    let mcpOnly: string;

    beforeAll(async () => {
      rest = await createTestRest();
      const started = await host.start(rest.app);
      stop = started.stop;
      call = createCheckedClient(started.send);
      reader = await rest.issueKey("self_serve");
      creator = await rest.issueKey("support", ["scan:create", "scan:read"]);
      mcpOnly = await rest.issueKey("support", ["mcp"]);
    });
    afterAll(async () => {
      await stop();
      await rest.close();
    });

    it("serves health and the OpenAPI document publicly", async () => {
      const health = await call("GET", "/api/v2/health");
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ type: "service_health", status: "ok", apiVersion: "v2", scanRegions: ["eu_ie", "us_east"] });
      const openapi = await call("GET", "/api/v2/openapi.json");
      expect(openapi.status).toBe(200);
      expect(openapi.body).toMatchObject({ openapi: "3.1.0", servers: [{ url: "https://scan.example.org" }] });
    });

    it("runs a scan from creation to every result route", async () => {
      const created = await call("POST", "/api/v2/scans", { json: { url: "https://shop.example.com/" } });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ type: "service_scan_job", executionMode: "new_scan", quotaConsumed: true });
      const scanId = created.body.scanId as string;
      expect(Number(created.headers.get("retry-after"))).toBe(created.body.retryAfterSeconds);

      const terminal = await untilTerminal(call, scanId);
      expect(terminal).toMatchObject({ type: "service_scan", status: "completed", scanId });

      const scan = await call("GET", `/api/v2/scans/${scanId}`, { token: reader });
      expect(scan.status).toBe(200);
      expect((scan.body.links as Body).report).toBe(`https://scan.example.org/reports/${scanId}`);
      const findings = await call<{ findings: Array<{ id: string }> }>("GET", `/api/v2/scans/${scanId}/findings`, { token: reader });
      expect(findings.body.findings.length).toBeGreaterThan(0);
      const first = findings.body.findings[0]!.id;
      expect((await call("GET", `/api/v2/scans/${scanId}/findings/${first}`, { token: reader })).body).toMatchObject({
        type: "service_finding",
      });
      expect((await call("GET", `/api/v2/scans/${scanId}/pulse`, { token: reader })).body.type).toBe("service_pulse");
      expect((await call("GET", `/api/v2/scans/${scanId}/diagnostics`, { token: reader })).body.type).toBe("service_scan_diagnostics");
      const table = await call<{ rows: unknown[] }>("GET", `/api/v2/scans/${scanId}/pre-consent-cookies-trackers`, { token: reader });
      expect(table.body.rows.length).toBeGreaterThan(0);
      expect((await call("GET", "/api/v2/domains/shop.example.com/latest", { token: reader })).body).toMatchObject({ scanId });
      const domainTable = await call("GET", "/api/v2/domains/shop.example.com/latest/pre-consent-cookies-trackers?scanFrom=eu_ie", {
        token: reader,
      });
      expect(domainTable.status).toBe(200);

      // The same target again is reused: 200 with the Scan, and no quota used.
      const reused = await call("POST", "/api/v2/scans", { json: { url: "https://shop.example.com/" } });
      expect(reused.status).toBe(200);
      expect(reused.body).toMatchObject({ type: "service_scan", scanId, executionMode: "reused_scan", quotaConsumed: false });
    });

    it("serves every export of a scan as a file in its media type, and refuses bad formats and gates", async () => {
      const created = await call("POST", "/api/v2/scans", { token: creator, json: { url: "https://exports.example.com/" } });
      const scanId = created.body.scanId as string;
      const exportOf = (format: string, query = "") =>
        call<string>("GET", `/api/v2/scans/${scanId}/exports/${format}${query}`, { token: reader });
      // While the scan runs, the export is its ScanJob (202), as every result route.
      const early = await call("GET", `/api/v2/scans/${scanId}/exports/sarif`, { token: reader });
      if (early.status === 202) expect(early.body.type).toBe("service_scan_job");
      await untilTerminal(call, scanId);
      const findings = await call<{ findings: Array<{ id: string; criticality: string }> }>("GET", `/api/v2/scans/${scanId}/findings`, {
        token: reader,
      });
      const table = await call<{ rows: unknown[] }>("GET", `/api/v2/scans/${scanId}/pre-consent-cookies-trackers`, { token: reader });

      const json = await exportOf("json");
      expect(json.headers.get("content-type")).toBe("application/json");
      const document = JSON.parse(json.body) as {
        scan: Body;
        findings: { findings: unknown[] };
        preConsentCookiesTrackers: { rows: unknown[] };
      };
      expect(document.scan).toMatchObject({ type: "service_scan", scanId });
      expect(document.findings.findings).toHaveLength(findings.body.findings.length);

      const sarif = await exportOf("sarif");
      expect(sarif.headers.get("content-type")).toBe("application/sarif+json");
      const log = JSON.parse(sarif.body) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
      expect(log.version).toBe("2.1.0");
      expect(log.runs[0]!.results.map((result) => result.ruleId).sort()).toEqual(
        findings.body.findings.map((finding) => finding.id).sort(),
      );

      // JUnit takes the scan command's gates: by default a low finding fails; `none` fails none.
      const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "testcase" });
      const failures = (xml: string) =>
        (
          parser.parse(xml) as { testsuites: { testsuite: { testcase: Array<{ failure?: unknown }> } } }
        ).testsuites.testsuite.testcase.filter((testcase) => testcase.failure !== undefined).length;
      const junit = await exportOf("junit");
      expect(junit.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(failures(junit.body)).toBe(findings.body.findings.filter((finding) => finding.criticality !== "info").length);
      expect(failures((await exportOf("junit", "?failOn=none")).body)).toBe(0);
      expect(failures((await exportOf("junit", "?failOn=none&minScore=100")).body)).toBe(1);

      const csv = await exportOf("csv");
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(parseCsv(csv.body, { columns: true, bom: true })).toHaveLength(table.body.rows.length);

      // The recorded scans ran before consent only: the later phases' CSV is its header alone.
      const phases = await exportOf("phases-csv");
      expect(phases.headers.get("content-disposition")).toBe('attachment; filename="public-scan-phases.csv"');
      expect(parseCsv(phases.body, { columns: true, bom: true })).toEqual([]);

      const markdown = await exportOf("md");
      expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      // Values from the page are escaped for Markdown, the domain's dots included.
      expect(markdown.body).toMatch(/^### public-scan: exports\\\.example\\\.com/);
      const html = await exportOf("html");
      expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html.headers.get("content-security-policy")).toMatch(/^sandbox;/);
      expect(html.body).toMatch(/^<!doctype html>/i);
      // Standalone: no script, stylesheet or image is fetched from anywhere.
      expect(html.body).not.toMatch(/<(script|link|img)\b[^>]*\b(src|href)=["']?(https?:)?\/\//i);

      for (const bad of ["pdf", "SARIF", "x".repeat(300), "..%2Fstatus"]) {
        const refused = await call<{ error: Body }>("GET", `/api/v2/scans/${scanId}/exports/${bad}`, { token: reader });
        expect(refused.status, bad).toBe(400);
        expect(refused.body.error.code).toBe("invalid_request");
      }
      for (const query of ["?failOn=info", "?failOn=", "?minScore=101", "?minScore=", "?minScore=1e2", "?minScore=-1"]) {
        expect((await exportOf("junit", query)).status, query).toBe(400);
      }
      expect((await call("GET", `/api/v2/scans/${scanId}/exports/md`)).status).toBe(401);
      expect((await call("GET", `/api/v2/scans/${scanId}/exports/md`, { token: mcpOnly })).status).toBe(403);
      expect((await call("GET", `/api/v2/scans/${UNKNOWN_SCAN}/exports/md`, { token: reader })).status).toBe(404);
    });

    it("answers 401 and 403 exactly as the contract says", async () => {
      const path = `/api/v2/scans/${UNKNOWN_SCAN}`;
      expect((await call("GET", path)).status).toBe(401);
      expect((await call("GET", path, { token: "svc_ro_notakeyatall0000000000000000000" })).status).toBe(401);
      expect((await call("GET", path, { headers: { authorization: "Basic dXNlcjpwYXNz" } })).status).toBe(401);
      const forbidden = await call<{ error: Body }>("GET", path, { token: mcpOnly });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe("forbidden");
      // A self-serve key cannot create scans (support-gated), and an invalid bearer is 401 even where anonymous is allowed.
      expect((await call("POST", "/api/v2/scans", { token: reader, json: { url: "https://a.example.com/" } })).status).toBe(403);
      expect((await call("POST", "/api/v2/scans", { token: "svc_ro_bogus", json: { url: "https://a.example.com/" } })).status).toBe(401);
      expect((await call("POST", "/api/v2/scans", { token: creator, json: { url: "https://b.example.com/" } })).status).toBe(202);
    });

    it("checks a credential without side effects", async () => {
      const check = await call("GET", "/api/v2/auth/check", { token: reader });
      expect(check.body).toMatchObject({ type: "service_auth_check", authenticated: true, scopes: ["scan:read", "mcp"] });
      expect((await call("GET", "/api/v2/auth/check")).status).toBe(401);
      expect((await call("GET", "/api/v2/auth/check", { token: "svc_nope" })).status).toBe(401);
    });

    it("refuses bad identifiers and unknown scans with the envelope", async () => {
      const invalid = await call<{ error: Body }>("GET", "/api/v2/scans/not-a-uuid", { token: reader });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toMatchObject({ code: "invalid_request", retryable: false });
      expect((await call("GET", `/api/v2/scans/${UNKNOWN_SCAN}`, { token: reader })).status).toBe(404);
      expect((await call("GET", `/api/v2/scans/${UNKNOWN_SCAN}/status`)).status).toBe(404);
      expect((await call("GET", `/api/v2/scans/${UNKNOWN_SCAN}/findings/Not-A-Code`, { token: reader })).status).toBe(400);
      expect((await call("GET", "/api/v2/domains/not_a..host/latest", { token: reader })).status).toBe(400);
      expect((await call("GET", "/api/v2/domains/never-scanned.example/latest", { token: reader })).status).toBe(404);
      expect((await call("GET", "/api/v2/scans/%2e%2e%2Fhealth", { token: reader })).status).toBe(400);
    });

    it("answers unknown routes and wrong methods with the envelope", async () => {
      const missing = await call<{ error: Body }>("GET", "/api/v2/nothing-here");
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe("not_found");
      expect((await call("GET", "/")).status).toBe(404);
      const wrong = await call<{ error: Body }>("DELETE", "/api/v2/scans");
      expect(wrong.status).toBe(400);
      expect(wrong.headers.get("allow")).toBe("POST, OPTIONS");
      expect((await call("PUT", "/api/v2/health")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    });

    it("refuses malformed, oversized, mistyped and unknown-field bodies, and stores nothing", async () => {
      const probe = await call("POST", "/api/v2/scans", { json: { url: "https://shop.example.com/" } });
      const before = probe.body.anonymousQuotaRemaining as number;
      const post = (init: RequestInit) => call("POST", "/api/v2/scans", init);
      expect((await post({ headers: { "content-type": "application/json" }, body: "{not json" })).status).toBe(400);
      expect(
        (await post({ headers: { "content-type": "text/plain" }, body: JSON.stringify({ url: "https://c.example.com/" }) })).status,
      ).toBe(400);
      expect((await post({})).status).toBe(400);
      const huge = JSON.stringify({ url: `https://d.example.com/${"a".repeat(20_000)}` });
      const tooLarge = await post({ headers: { "content-type": "application/json" }, body: huge });
      expect(tooLarge.status).toBe(400);
      expect((tooLarge.body.error as Body).message).toMatch(/exceeds 16384 bytes/);
      expect((await call("POST", "/api/v2/scans", { json: { url: "https://e.example.com/", resolve: "*=127.0.0.1" } })).status).toBe(400);
      expect((await call("POST", "/api/v2/scans", { json: { url: "https://e.example.com/", scanFrom: "mars_1" } })).status).toBe(400);
      for (const url of [
        "file:///etc/passwd",
        "javascript:alert(1)",
        "https://user:pass@e.example.com/",
        "ftp://e.example.com/",
        "not a url",
      ]) {
        expect((await call("POST", "/api/v2/scans", { json: { url } })).status, url).toBe(400);
      }
      // None of the refused requests created or charged anything: the next new scan uses the next unit.
      const other = await call("POST", "/api/v2/scans", { json: { url: "https://g.example.com/" } });
      expect(other.body.anonymousQuotaRemaining).toBe(before - 1);
    });

    it("answers HEAD like GET without a body, and CORS preflights", async () => {
      const head = await rest.app.fetch(new Request("http://in-process/api/v2/health", { method: "HEAD" }));
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      const preflight = await rest.app.fetch(
        new Request("http://in-process/api/v2/scans", {
          method: "OPTIONS",
          headers: { "access-control-request-headers": "authorization" },
        }),
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
      const keyPreflight = await rest.app.fetch(new Request("http://in-process/api/v2/keys/request", { method: "OPTIONS" }));
      expect(keyPreflight.headers.get("access-control-allow-origin")).toBeNull();
      // Anonymous scan creation cross-origin would spend the visitor's allowance: only with a bearer key.
      const preflightOf = (requested: string) =>
        rest.app.fetch(
          new Request("http://in-process/api/v2/scans", { method: "OPTIONS", headers: { "access-control-request-headers": requested } }),
        );
      expect((await preflightOf("content-type")).headers.get("access-control-allow-origin")).toBeNull();
      expect((await preflightOf("authorization, content-type")).headers.get("access-control-allow-origin")).toBe("*");
      const statusPreflight = await rest.app.fetch(
        new Request(`http://in-process/api/v2/scans/${UNKNOWN_SCAN}/status`, { method: "OPTIONS" }),
      );
      expect(statusPreflight.headers.get("access-control-allow-origin")).toBe("*");
    });
  });
}
