import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courier, withTikTok } from "../support/courier-versions.js";
import { createLocalService } from "../../src/compose/create-local-service.js";
import { ScanChangesSchema, ScanJobSchema } from "../../src/contract/index.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScanChanges } from "../../src/use-cases/get-scan-changes.js";
import { getReport } from "../../src/use-cases/scan-results.js";
import type { Caller } from "../../src/use-cases/service-deps.js";

const caller: Caller = { kind: "key", keyId: "key_reader" };
describe("the changes of a scan since an earlier one of its target", () => {
  const versions = [courier(), withTikTok(courier()), courier()];
  let service: Awaited<ReturnType<typeof createLocalService>>;
  const ids: string[] = [];
  let otherTarget: string;

  const scanOf = async (url: string) => {
    const created = await createScan(service.deps, { body: { url, freshness: "fresh" }, caller });
    await service.deps.queue.drain();
    return ScanJobSchema.parse(created.body).scanId;
  };

  beforeAll(async () => {
    let calls = 0;
    service = await createLocalService({
      scanner: { scan: () => Promise.resolve(versions[Math.min(calls++, versions.length - 1)]!), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org" },
    });
    for (let index = 0; index < 3; index += 1) ids.push(await scanOf("https://www.daily-courier.test/"));
    otherTarget = await scanOf("https://www.daily-courier.test/other");
  });
  afterAll(() => service.close());

  it("compares with the target's latest scan by default, and names what the new version fires before consent", async () => {
    expect((await service.deps.scans.get(ids[0]!))?.previousScanId).toBeNull();
    expect((await service.deps.scans.get(ids[1]!))?.previousScanId).toBe(ids[0]);
    const outcome = await getScanChanges(service.deps, { scanId: ids[1]!, caller });
    const body = ScanChangesSchema.parse(outcome.body);
    expect(body.since?.scanId).toBe(ids[0]);
    expect(body.links).toMatchObject({
      self: `https://scan.example.org/api/v2/scans/${ids[1]}/changes`,
      since: `https://scan.example.org/api/v2/scans/${ids[0]}`,
    });
    const preConsent = body.changes!.phases.find((phase) => phase.phase === "pre_consent")!;
    expect(preConsent.started.map((row) => [row.kind, row.vendor, row.host])).toEqual([["tracker", "TikTok", "analytics.tiktok.com"]]);
    expect(body.changes!.headlines).toContain("A new advertising tracker, TikTok, fires before consent (analytics.tiktok.com).");
  });

  it("reports the tracker stopped when the next scan no longer sees it, and compares with a scan named by `since`", async () => {
    const latest = ScanChangesSchema.parse((await getScanChanges(service.deps, { scanId: ids[2]!, caller })).body);
    expect(latest.changes!.phases.find((phase) => phase.phase === "pre_consent")!.stopped.map((row) => row.host)).toEqual([
      "analytics.tiktok.com",
    ]);
    const named = ScanChangesSchema.parse(
      (await getScanChanges(service.deps, { scanId: ids[2]!, since: ids[0]!.toUpperCase(), caller })).body,
    );
    expect(named.since?.scanId).toBe(ids[0]);
    expect(named.links.self).toBe(`https://scan.example.org/api/v2/scans/${ids[2]}/changes?since=${ids[0]}`);
    expect(named.changes!.phases.every((phase) => phase.started.length === 0 && phase.stopped.length === 0)).toBe(true);
    expect(named.changes!.headlines).toEqual([]);
  });

  it("has nothing to compare for a target's first scan", async () => {
    const first = ScanChangesSchema.parse((await getScanChanges(service.deps, { scanId: ids[0]!, caller })).body);
    expect(first).toMatchObject({ since: null, changes: null, links: { since: null } });
  });

  it("refuses a `since` that is not an earlier scan with a result of the same target, before comparing anything", async () => {
    const refused = (since: string, scanId = ids[1]!) => getScanChanges(service.deps, { scanId, since, caller });
    await expect(refused("not-a-uuid")).rejects.toMatchObject({ code: "invalid_request", message: "since must be a scan's id (a UUID)" });
    await expect(refused(ids[1]!)).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("this scan itself") });
    await expect(refused("0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40")).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("no scan with this id"),
    });
    await expect(refused(otherTarget)).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("another URL or region"),
    });
    await expect(refused(ids[2]!)).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("a later scan") });
  });

  it("gives the report page the same changes since the previous scan, and none on a target's first scan", async () => {
    const reader: Caller = { kind: "anonymous", ip: "198.51.100.9" };
    const second = await getReport(service.deps, { scanId: ids[1]!, caller: reader });
    const resource = ScanChangesSchema.parse((await getScanChanges(service.deps, { scanId: ids[1]!, caller })).body);
    expect(second.status).toBe(200);
    if (second.status !== 200) return;
    expect(second.body.changes?.changes).toEqual(resource.changes);
    expect(second.body.changes?.since.completedAt).toBe(resource.since!.completedAt);
    const first = await getReport(service.deps, { scanId: ids[0]!, caller: reader });
    expect(first.status === 200 && first.body.changes).toBeUndefined();
  });
});
