import {
  createClient,
  NetworkError,
  ResponseContractError,
  ScanFailedError,
  ServiceApiError,
  TimeoutError,
  type PublicScanClient,
} from "@public-scan/client";
import { contractValidator } from "@public-scan/client/validate";
import type { ApiKeyRecord, KeyStore } from "@public-scan/core";
import { serve, type Server } from "srvx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordedScanner, createTestRest } from "./support/create-test-rest.js";

const UNKNOWN_SCAN = "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40";

/** The REST app on a socket, called only through `@public-scan/client`, with contract validation on. */
async function startOverSocket(rest: Awaited<ReturnType<typeof createTestRest>>) {
  const server: Server = serve({ fetch: (request) => rest.app.fetch(request), port: 0, hostname: "127.0.0.1", silent: true });
  await server.ready();
  return { origin: new URL(server.url!).origin, stop: () => server.close(true) };
}

describe("the REST contract through @public-scan/client", () => {
  let rest: Awaited<ReturnType<typeof createTestRest>>;
  let origin: string;
  let stop: () => Promise<void>;
  let anonymous: PublicScanClient;
  let reader: PublicScanClient;
  const client = (apiKey?: string) =>
    createClient({ baseUrl: origin, validate: contractValidator, ...(apiKey === undefined ? {} : { apiKey }) });

  beforeAll(async () => {
    rest = await createTestRest();
    ({ origin, stop } = await startOverSocket(rest));
    anonymous = client();
    reader = client(await rest.issueKey("self_serve"));
  });
  afterAll(async () => {
    await stop();
    await rest.close();
  });

  it("calls every operation of the contract and gets its resource", async () => {
    expect((await anonymous.getHealth()).type).toBe("service_health");
    expect((await anonymous.getOpenApiDocument()).openapi).toBe("3.1.0");
    expect(await reader.checkIntegrationCredential()).toMatchObject({
      type: "service_auth_check",
      scopes: expect.arrayContaining(["scan:read"]),
    });

    const progress: string[] = [];
    const scan = await anonymous.scanAndWait(
      { url: "https://shop.example.com/" },
      { onProgress: (job) => progress.push(job.status), timeoutMs: 30_000 },
    );
    expect(scan).toMatchObject({ type: "service_scan", status: "completed" });
    expect(progress.length).toBeGreaterThan(0);
    const { scanId } = scan;
    expect((await reader.getScan(scanId)).type).toBe("service_scan");
    expect((await anonymous.getScanStatus(scanId)).type).toBe("service_scan");
    const findings = await reader.listScanFindings(scanId);
    // The type tells a result from the ScanJob a result route answers while the scan is active.
    if (findings.type !== "service_finding_list") throw new Error(`expected the finding list, got ${findings.type}`);
    const first = findings.findings[0]!.id;
    expect((await reader.getScanFinding(scanId, first)).type).toBe("service_finding");
    expect((await reader.getScanPulse(scanId)).type).toBe("service_pulse");
    expect((await reader.getScanDiagnostics(scanId)).type).toBe("service_scan_diagnostics");
    expect((await reader.getScanPreConsentCookiesTrackers(scanId)).type).toBe("service_pre_consent_cookies_trackers");
    expect((await reader.getDomainLatestScan("shop.example.com")).scanId).toBe(scanId);
    expect((await reader.getDomainLatestPreConsentCookiesTrackers("shop.example.com", { scanFrom: "eu_ie" })).type).toBe(
      "service_pre_consent_cookies_trackers",
    );
    // Exports come back as the file's text; JUnit with the gates passed as options.
    const sarif = await reader.getScanExport(scanId, "sarif");
    if (typeof sarif !== "string") throw new Error(`expected the SARIF text, got ${sarif.type}`);
    expect(JSON.parse(sarif)).toMatchObject({ version: "2.1.0" });
    const junit = await reader.raw.getScanExport(scanId, "junit", { failOn: "none", minScore: 100 });
    expect(junit.status).toBe(200);
    expect(junit.body).toMatch(/<failure type="score"/);
    // The standalone HTML report: the one export rendered by the report page's renderers, loaded for it.
    const html = await reader.getScanExport(scanId, "html");
    if (typeof html !== "string") throw new Error(`expected the HTML text, got ${html.type}`);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("shop.example.com");
    await expect(reader.getScanExport(scanId, "pdf" as "md")).rejects.toMatchObject({ code: "invalid_request", status: 400 });
    // The target's first scan: nothing to compare with yet; a `since` that is not a scan id is refused.
    expect(await reader.getScanChanges(scanId)).toMatchObject({ type: "service_scan_changes", scanId, since: null, changes: null });
    await expect(reader.getScanChanges(scanId, { since: "../../keys" })).rejects.toMatchObject({ code: "invalid_request", status: 400 });
    // A second request for the same URL reuses the scan: 200 with the Scan, no wait.
    const reused = await anonymous.raw.createScan({ url: "https://shop.example.com/" });
    expect(reused.status).toBe(200);
    expect(reused.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The key request needs a dashboard session, which a bearer client has not.
    await expect(anonymous.requestReadOnlyApiKey()).rejects.toMatchObject({ code: "unauthorized", status: 401 });
  });

  it.each([
    ["invalid_request", 400, (c: () => PublicScanClient) => c().getScan("not-a-scan-id")],
    ["unauthorized", 401, () => createClient({ baseUrl: origin, apiKey: "svc_ro_notakeyatall0000000000000000000" }).getScan(UNKNOWN_SCAN)],
    ["forbidden", 403, (c: () => PublicScanClient) => c().createScan({ url: "https://a.example.com/" })],
    ["not_found", 404, (c: () => PublicScanClient) => c().getScan(UNKNOWN_SCAN)],
  ] as const)("turns %s (HTTP %i) into a ServiceApiError with the envelope's fields", async (code, status, make) => {
    const error = await make(() => reader).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceApiError);
    expect(error).toMatchObject({
      code,
      status,
      retryable: false,
      retryAfterSeconds: null,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((error as ServiceApiError).recommendedNextAction.length).toBeGreaterThan(0);
  });

  it("turns rate_limited (429) into a retryable error with Retry-After and the machine-readable limit", async () => {
    // Anonymous creation: 20 new scans per address per UTC day.
    const limited = client();
    let error: unknown;
    for (let index = 0; index < 25 && error === undefined; index += 1) {
      await limited.createScan({ url: `https://limit-${index}.example.com/` }).catch((caught: unknown) => (error = caught));
    }
    expect(error).toBeInstanceOf(ServiceApiError);
    expect(error).toMatchObject({
      code: "rate_limited",
      status: 429,
      retryable: true,
      rateLimit: expect.objectContaining({ profile: expect.any(String) }),
    });
    expect((error as ServiceApiError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("turns internal_error (500) into a retryable error", async () => {
    const failing: KeyStore = {
      create: () => Promise.resolve(false),
      findByHash: () => Promise.reject(new Error("the key store is down")),
      get: () => Promise.resolve(null),
      listByOwner: () => Promise.resolve([] as ApiKeyRecord[]),
      revoke: () => Promise.resolve(false),
      close: () => Promise.resolve(),
    };
    const broken = await createTestRest({ options: { keys: failing, onError: () => {} } });
    const socket = await startOverSocket(broken);
    try {
      const error = await createClient({
        baseUrl: socket.origin,
        apiKey: "svc_ro_anykeyatall00000000000000000000",
        validate: contractValidator,
      })
        .checkIntegrationCredential()
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: "ServiceApiError", code: "internal_error", status: 500, retryable: true });
    } finally {
      await socket.stop();
      await broken.close();
    }
  });

  it("reports a network failure, a timeout and a body that breaks the contract as their own errors", async () => {
    await expect(createClient({ baseUrl: "http://127.0.0.1:9" }).getHealth()).rejects.toBeInstanceOf(NetworkError);
    const slow = createClient({
      baseUrl: origin,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          // As fetch does: an aborted signal rejects at once, a later abort when it happens.
          if (init?.signal?.aborted) reject(init.signal.reason as Error);
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error));
        }),
    });
    await expect(slow.getHealth({ timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    const lying = createClient({
      baseUrl: origin,
      validate: contractValidator,
      fetch: () => Promise.resolve(Response.json({ type: "service_health" })),
    });
    await expect(lying.getHealth()).rejects.toBeInstanceOf(ResponseContractError);
    const html = createClient({ baseUrl: origin, fetch: () => Promise.resolve(new Response("<html>bad gateway</html>", { status: 502 })) });
    await expect(html.getHealth()).rejects.toMatchObject({ name: "ResponseContractError", status: 502 });
    // A caller's own abort is the caller's reason, not a timeout.
    const controller = new AbortController();
    controller.abort(new Error("user cancelled"));
    await expect(slow.getHealth({ signal: controller.signal })).rejects.toThrow("user cancelled");
  });

  it("never sends a path parameter as more than one segment", async () => {
    const seen: string[] = [];
    const spy = createClient({
      baseUrl: origin,
      fetch: (input, init) => (seen.push(input instanceof Request ? input.url : input.toString()), fetch(input, init)),
    });
    await spy.getScanStatus("../../health").catch(() => undefined);
    expect(seen[0]).toBe(`${origin}/api/v2/scans/..%2F..%2Fhealth/status`);
  });

  it("ends a wait on a failed scan with ScanFailedError carrying the job", async () => {
    const failingScanner = { ...createRecordedScanner(), scan: () => Promise.reject(new Error("navigation failed")) };
    const failed = await createTestRest({ scanner: failingScanner });
    const socket = await startOverSocket(failed);
    try {
      const error = await createClient({ baseUrl: socket.origin })
        .scanAndWait({ url: "https://broken.example.com/" }, { timeoutMs: 30_000 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ScanFailedError);
      expect((error as ScanFailedError).job).toMatchObject({ status: "failed", error: { code: expect.any(String) } });
    } finally {
      await socket.stop();
      await failed.close();
    }
  });
});
