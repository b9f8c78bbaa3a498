import { describe, expect, it } from "vitest";
import { courier, withTikTok } from "../support/courier-versions.js";
import { WebhookEventSchema } from "../../src/contract/index.js";
import { completedRecordFrom } from "../../src/examples/completed-record-from.js";
import { toWebhookEvent } from "../../src/render/to-webhook-event.js";
import { createLinkBuilder } from "../../src/render/scan-links.js";

const links = createLinkBuilder("https://scan.example.org");
const now = new Date("2026-12-07T10:00:00.000Z");
const PREVIOUS = "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40";

describe("the webhook event of a monitored scan", () => {
  const previous = completedRecordFrom(courier(), { scanId: PREVIOUS });
  const next = completedRecordFrom(withTikTok(courier()));

  it("is scan.changed when the site's next version adds a tracker before consent, naming it first", () => {
    const event = WebhookEventSchema.parse(toWebhookEvent({ record: next, previous, monitorId: "mon_1", links, now }));
    expect(event.type).toBe("scan.changed");
    if (event.type !== "scan.changed") return;
    expect(event.timestamp).toBe("2026-12-07T10:00:00.000Z");
    expect(event.data.summary).toBe("A new advertising tracker, TikTok, fires before consent (analytics.tiktok.com).");
    expect(event.data.started).toEqual([
      expect.objectContaining({ phase: "pre_consent", kind: "tracker", host: "analytics.tiktok.com", vendor: "TikTok" }),
    ]);
    expect(event.data.counts).toEqual({ started: 1, stopped: 0 });
    expect(event.data.since).toEqual({ scanId: PREVIOUS, completedAt: previous.completedAt });
    expect(event.data.monitorId).toBe("mon_1");
    expect(event.data.scan.links.changes).toBe(`https://scan.example.org/api/v2/scans/${next.scanId}/changes`);
  });

  it("is scan.completed when nothing changed, or when there is nothing to compare with", () => {
    const same = toWebhookEvent({ record: completedRecordFrom(courier()), previous, monitorId: "mon_1", links, now });
    expect(WebhookEventSchema.parse(same)).toMatchObject({
      type: "scan.completed",
      data: { scan: { scanId: next.scanId, score: next.report.score } },
    });
    const first = toWebhookEvent({ record: next, previous: null, monitorId: null, links, now });
    expect(first).toMatchObject({ type: "scan.completed", data: { monitorId: null, scan: { links: { changes: null } } } });
  });

  it("is scan.failed with the error's code and message, and no result links", () => {
    const failed = {
      ...next,
      status: "failed" as const,
      report: null,
      error: { code: "internal_error" as const, message: "The page did not load.", retryable: false },
    };
    const event = WebhookEventSchema.parse(toWebhookEvent({ record: failed as never, previous, monitorId: "mon_1", links, now }));
    expect(event).toMatchObject({
      type: "scan.failed",
      data: {
        scan: { status: "failed", score: null, links: { report: null, changes: null } },
        error: { code: "internal_error", message: "The page did not load." },
      },
    });
  });

  it("carries no query string, value or full URL of what the site loaded", () => {
    const event = JSON.stringify(toWebhookEvent({ record: next, previous, monitorId: "mon_1", links, now }));
    expect(event).not.toMatch(/CANARY|\?[a-z_]+=/i);
  });
});
