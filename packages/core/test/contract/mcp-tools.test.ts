import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import {
  CreatedMonitorSchema,
  DeletedMonitorSchema,
  FindingDetailSchema,
  FindingListSchema,
  FindingsExportSchema,
  isMonitorTool,
  MCP_TOOLS,
  MonitorListSchema,
  MonitorRunListSchema,
  MonitorSchema,
  OPERATIONS,
  PreConsentTableSchema,
  PulseEvidenceSchema,
  PulseSchema,
  RotatedMonitorSecretSchema,
  ScanBundleSchema,
  ScanChangesSchema,
  ScanJobSchema,
  ScanOrJobSchema,
  ScanSchema,
  type McpToolName,
} from "../../src/contract/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { MCP_TOOL_HANDLERS } from "../../src/use-cases/mcp-tool-handlers.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";
import { createMonitorHarness } from "../monitors/monitor-harness.js";

/** The tool table of the contract's "MCP tool surface", copied from it by hand so a drift in code shows here. */
const CONTRACT_TOOLS = `service_scan_site service_get_scan_status service_get_scan_bundle service_get_scan service_get_report
  service_get_evidence service_export_findings service_list_findings service_get_pre_consent_cookies_trackers
  service_explain_finding service_get_latest_domain_scan service_get_latest_domain_pre_consent_cookies_trackers`.split(/\s+/);
/** This service's own tools, after the contract's (docs/api.md "MCP tools"). */
const MONITOR_TOOLS = [
  "service_list_monitors",
  "service_get_monitor",
  "service_list_monitor_runs",
  "service_create_monitor",
  "service_pause_monitor",
  "service_resume_monitor",
  "service_delete_monitor",
  "service_rotate_monitor_webhook_secret",
];
const EXTENSION_TOOLS = ["service_get_scan_changes", ...MONITOR_TOOLS];
const spec = (name: McpToolName) => MCP_TOOLS.find((tool) => tool.name === name)!;
const SCAN_ID = "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10";

describe("the MCP tool table", () => {
  it("has every tool of the contract exactly once, in its order, then this service's own", () => {
    expect(MCP_TOOLS.map((tool) => tool.name)).toEqual([...CONTRACT_TOOLS, ...EXTENSION_TOOLS]);
  });

  it("offers exactly scan_site, get_scan_status and get_scan_bundle on the Light endpoint", () => {
    expect(MCP_TOOLS.filter((tool) => tool.light).map((tool) => tool.name)).toEqual([
      "service_scan_site",
      "service_get_scan_status",
      "service_get_scan_bundle",
    ]);
  });

  it("weighs evidence, the report, the export, the bundle and the changes 4 units, status polls on their own policy, the rest 1", () => {
    const heavy = [
      "service_get_scan_bundle",
      "service_get_report",
      "service_get_evidence",
      "service_export_findings",
      "service_get_scan_changes",
    ];
    const monitorReads = ["service_list_monitors", "service_get_monitor", "service_list_monitor_runs"];
    for (const tool of MCP_TOOLS) {
      if (tool.name === "service_scan_site") expect(tool.readWeight).toBeNull();
      else if (isMonitorTool(tool))
        expect(tool.readWeight, tool.name).toEqual(monitorReads.includes(tool.name) ? { policy: "resource", units: 1 } : null);
      else if (tool.name === "service_get_scan_status") expect(tool.readWeight).toEqual({ policy: "status", units: 1 });
      else expect(tool.readWeight).toEqual({ policy: "resource", units: heavy.includes(tool.name) ? 4 : 1 });
    }
  });

  it("counts a tool that mirrors a REST operation exactly as that operation", () => {
    for (const tool of MCP_TOOLS.filter((entry) => entry.operationId !== null && entry.name !== "service_scan_site")) {
      expect(tool.readWeight, tool.name).toEqual(OPERATIONS.find((operation) => operation.operationId === tool.operationId)!.readWeight);
    }
  });

  it("needs the mcp scope everywhere, scan:create to scan, monitor:write for monitors (as REST) and scan:read to read", () => {
    for (const tool of MCP_TOOLS) {
      expect(tool.scopes).toContain("mcp");
      const needed = tool.name === "service_scan_site" ? "scan:create" : MONITOR_TOOLS.includes(tool.name) ? "monitor:write" : "scan:read";
      expect(tool.scopes, tool.name).toContain(needed);
      expect(isMonitorTool(tool), tool.name).toBe(MONITOR_TOOLS.includes(tool.name));
      if (isMonitorTool(tool))
        expect(OPERATIONS.find((operation) => operation.operationId === tool.operationId)!.scopes).toEqual(["monitor:write"]);
    }
  });

  it("parses the contract's input shapes and refuses others", () => {
    expect(spec("service_scan_site").input.safeParse({ url: "https://www.example.com/" }).success).toBe(true);
    expect(spec("service_scan_site").input.safeParse({ url: "ftp://example.com/" }).success).toBe(false);
    expect(spec("service_scan_site").input.safeParse({ url: "https://www.example.com/", waitSeconds: 46 }).success).toBe(false);
    expect(spec("service_get_scan_status").input.safeParse({ scanId: SCAN_ID }).success).toBe(true);
    expect(spec("service_get_scan_status").input.safeParse({ scanId: "../etc/passwd" }).success).toBe(false);
    expect(spec("service_get_scan_status").input.safeParse({ scanId: SCAN_ID, detail: "full" }).success).toBe(false);
    expect(spec("service_get_scan_bundle").input.safeParse({ scanId: SCAN_ID, detail: "full", maxBytes: 12000 }).success).toBe(true);
    expect(spec("service_get_scan_bundle").input.safeParse({ scanId: SCAN_ID, detail: "everything" }).success).toBe(false);
    expect(spec("service_explain_finding").input.safeParse({ scanId: SCAN_ID, finding: "pre_consent_tracking_cookies" }).success).toBe(
      true,
    );
    expect(spec("service_get_latest_domain_scan").input.safeParse({ domain: "example.com" }).success).toBe(true);
    expect(spec("service_get_latest_domain_scan").input.safeParse({}).success).toBe(false);
    const schedule = { kind: "cron", expression: "0 6 * * 1", timezone: "Europe/Paris" };
    expect(spec("service_create_monitor").input.safeParse({ url: "https://www.example.com/", schedule }).success).toBe(true);
    expect(spec("service_create_monitor").input.safeParse({ url: "https://www.example.com/", schedule: { kind: "hourly" } }).success).toBe(
      false,
    );
    expect(spec("service_create_monitor").input.safeParse({ url: "https://www.example.com/", schedule, owner: "someone" }).success).toBe(
      false,
    );
    expect(spec("service_pause_monitor").input.safeParse({ monitorId: SCAN_ID }).success).toBe(true);
    expect(spec("service_pause_monitor").input.safeParse({ monitorId: "../../keys" }).success).toBe(false);
  });
});

describe("the MCP tool handlers", () => {
  const recorded = readRecordedObservations("daily-courier") as ScanObservations;
  const caller: Caller = { kind: "key", keyId: "key_mcp" };

  it("call the use-case of each tool and answer with its resource", async () => {
    const local = await createLocalService({
      scanner: { scan: () => Promise.resolve(recorded), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org" },
    });
    try {
      const deps = local.deps;
      const started = await MCP_TOOL_HANDLERS.service_scan_site(deps, { args: { url: "https://www.daily-courier.test/" }, caller });
      const { scanId } = ScanJobSchema.parse(started.body);
      await deps.queue.drain();
      const finding = FindingListSchema.parse((await MCP_TOOL_HANDLERS.service_list_findings(deps, { args: { scanId }, caller })).body)
        .findings[0]!.id;
      const answers: Record<
        Exclude<McpToolName, `${string}monitor${string}`>,
        { args: never; schema: { parse(value: unknown): unknown } }
      > = {
        service_scan_site: { args: { url: "https://www.daily-courier.test/" } as never, schema: ScanSchema },
        service_get_scan_status: { args: { scanId } as never, schema: ScanOrJobSchema },
        service_get_scan_bundle: { args: { scanId, detail: "summary", maxBytes: 5000 } as never, schema: ScanBundleSchema },
        service_get_scan: { args: { scanId } as never, schema: ScanSchema },
        service_get_report: { args: { scanId } as never, schema: PulseSchema },
        service_get_evidence: { args: { scanId } as never, schema: PulseEvidenceSchema },
        service_export_findings: { args: { scanId } as never, schema: FindingsExportSchema },
        service_list_findings: { args: { scanId } as never, schema: FindingListSchema },
        service_get_pre_consent_cookies_trackers: { args: { scanId } as never, schema: PreConsentTableSchema },
        service_explain_finding: { args: { scanId, finding } as never, schema: FindingDetailSchema },
        service_get_latest_domain_scan: { args: { domain: "www.daily-courier.test" } as never, schema: ScanSchema },
        service_get_latest_domain_pre_consent_cookies_trackers: {
          args: { domain: "www.daily-courier.test" } as never,
          schema: PreConsentTableSchema,
        },
        service_get_scan_changes: { args: { scanId } as never, schema: ScanChangesSchema },
      };
      for (const tool of MCP_TOOLS.filter((entry) => !isMonitorTool(entry))) {
        const { args, schema } = answers[tool.name as keyof typeof answers];
        const outcome = await (MCP_TOOL_HANDLERS[tool.name] as (...input: unknown[]) => Promise<{ status: number; body: unknown }>)(deps, {
          args: tool.input.parse(args),
          caller,
        });
        expect(outcome.status, tool.name).toBe(200);
        expect(() => schema.parse(outcome.body), tool.name).not.toThrow();
      }
      // The export is the list in full, with the scan it belongs to: not the list again at four times the weight.
      const list = FindingListSchema.parse((await MCP_TOOL_HANDLERS.service_list_findings(deps, { args: { scanId }, caller })).body);
      const exported = FindingsExportSchema.parse(
        (await MCP_TOOL_HANDLERS.service_export_findings(deps, { args: { scanId }, caller })).body,
      );
      expect(exported.findings.map((item) => item.id)).toEqual(list.findings.map((item) => item.id));
      expect(exported.findings.every((item) => item.nextSteps.length > 0 && typeof item.description === "string")).toBe(true);
      expect(exported.scan).toMatchObject({ scanId, resultDisposition: "standard", resultDispositionReason: null });
      expect(exported.caveats[0]).toMatch(/one first visit/);
    } finally {
      await local.close();
    }
  });
});

describe("the MCP monitor tools", () => {
  const owner: Caller = { kind: "key", keyId: "key_owner" };
  const call = async (name: McpToolName, deps: unknown, input: { args: unknown; caller: Caller; monitors?: unknown }) =>
    (MCP_TOOL_HANDLERS[name] as (...values: unknown[]) => Promise<{ status: number; body: unknown }>)(deps, {
      ...input,
      args: spec(name).input.parse(input.args),
    });

  it("call the monitor use-cases REST calls, for the key's own monitors, with the same resources", async () => {
    const harness = await createMonitorHarness({ versions: [readRecordedObservations("daily-courier") as ScanObservations] });
    const { service, ...monitors } = harness.deps;
    try {
      const schedule = { kind: "interval", everySeconds: 3600 };
      const created = await call("service_create_monitor", service, {
        args: { url: "https://www.daily-courier.test/", schedule, webhook: { url: "https://hooks.example.net/scan" } },
        caller: owner,
        monitors,
      });
      expect(created.status).toBe(201);
      const { monitorId, webhookSecret } = CreatedMonitorSchema.parse(created.body);
      expect(webhookSecret).toMatch(/^whsec_/);
      expect(harness.scheduled.has(monitorId)).toBe(true);
      const read = async (name: McpToolName, schema: { parse(value: unknown): unknown }) => {
        const outcome = await call(name, service, { args: { monitorId }, caller: owner, monitors });
        expect(outcome.status, name).toBe(200);
        return schema.parse(outcome.body);
      };
      expect(
        MonitorListSchema.parse((await call("service_list_monitors", service, { args: {}, caller: owner, monitors })).body).monitors,
      ).toHaveLength(1);
      expect(await read("service_get_monitor", MonitorSchema)).toMatchObject({ monitorId, status: "active" });
      expect(await read("service_list_monitor_runs", MonitorRunListSchema)).toMatchObject({ monitorId, runs: [] });
      expect(await read("service_pause_monitor", MonitorSchema)).toMatchObject({ status: "paused", statusReason: "paused_by_owner" });
      expect(harness.scheduled.has(monitorId)).toBe(false);
      expect(await read("service_resume_monitor", MonitorSchema)).toMatchObject({ status: "active" });
      expect(
        RotatedMonitorSecretSchema.parse(await read("service_rotate_monitor_webhook_secret", RotatedMonitorSecretSchema)).webhookSecret,
      ).not.toBe(webhookSecret);
      // Another key's monitor is not found, as on REST.
      await expect(
        call("service_get_monitor", service, { args: { monitorId }, caller: { kind: "key", keyId: "key_other" }, monitors }),
      ).rejects.toMatchObject({
        code: "not_found",
      });
      expect(await read("service_delete_monitor", DeletedMonitorSchema)).toEqual({ monitorId, deleted: true });
      await expect(call("service_get_monitor", service, { args: { monitorId }, caller: owner, monitors })).rejects.toMatchObject({
        code: "not_found",
      });
    } finally {
      await harness.service.close();
    }
  });

  it("answer not_found on a host without monitors, and refuse a caller with no key record (an OAuth sign-in) as an owner", async () => {
    const harness = await createMonitorHarness({ versions: [readRecordedObservations("daily-courier") as ScanObservations] });
    const { service, ...monitors } = harness.deps;
    try {
      await expect(call("service_list_monitors", service, { args: {}, caller: owner })).rejects.toMatchObject({ code: "not_found" });
      const oauth: Caller = { kind: "key", keyId: "oauth:account-1" };
      await expect(
        call("service_create_monitor", service, {
          args: { url: "https://www.daily-courier.test/", schedule: { kind: "interval", everySeconds: 3600 } },
          caller: oauth,
          monitors,
        }),
      ).rejects.toMatchObject({ code: "forbidden", message: expect.stringContaining("API key") });
      expect(harness.scheduled.size).toBe(0);
    } finally {
      await harness.service.close();
    }
  });
});
