import type { AuditLog, AuditRetention } from "@public-scan/core";
import { expect } from "vitest";
import { createTestAuditEvent } from "./create-test-audit-event.js";

/** A log with the retention capability, as a retention case gets it. */
export type RetainingAuditLog = AuditLog & AuditRetention;

export interface AuditRetentionCaseContext {
  readonly log: RetainingAuditLog;
  /** Another handle onto the same events (durable logs), else `log`. */
  readonly peer: () => Promise<RetainingAuditLog>;
}

/** One conformance case of audit retention: throws (a failed `expect`) when the log does not conform. */
export type AuditRetentionCase = (context: AuditRetentionCaseContext) => Promise<void>;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();
/** Events on days 1..count, appended in time order as a service appends them. */
async function appendDays(log: AuditLog, count: number) {
  const events = Array.from({ length: count }, (_, index) => createTestAuditEvent({ keyId: `key_${index + 1}`, at: day(index + 1) }));
  for (const event of events) await log.append(event);
  return events;
}

/** Purging old audit events: only before the cutoff, oldest first, in bounded batches. */
export const RETENTION_AUDIT_LOG_CASES = {
  "purges the events before the cutoff, counts them first, and keeps the rest in order": async ({ log }) => {
    const events = await appendDays(log, 5);
    expect(await log.countBefore(day(3))).toBe(2);
    expect(await log.purgeBefore(day(3), { limit: 100 })).toBe(2);
    // The event exactly at the cutoff is kept.
    expect(await log.list()).toStrictEqual(events.slice(2).reverse());
    expect(await log.countBefore(day(3))).toBe(0);
    expect(await log.purgeBefore(day(3), { limit: 100 })).toBe(0);
  },

  "purges in batches of at most limit, oldest first": async ({ log }) => {
    const events = await appendDays(log, 5);
    expect(await log.purgeBefore(day(5), { limit: 3 })).toBe(3);
    expect(await log.list()).toStrictEqual(events.slice(3).reverse());
    expect(await log.purgeBefore(day(5), { limit: 3 })).toBe(1);
    expect(await log.purgeBefore(day(5), { limit: 3 })).toBe(0);
    expect(await log.list()).toStrictEqual([events[4]]);
  },

  "appends go on after a purge, and a purge is seen by every handle": async ({ log, peer }) => {
    await appendDays(log, 2);
    const other = await peer();
    expect(await other.purgeBefore(day(10), { limit: 10 })).toBe(2);
    expect(await log.list()).toStrictEqual([]);
    const later = createTestAuditEvent({ keyId: "key_later", at: day(11) });
    await log.append(later);
    expect(await other.list()).toStrictEqual([later]);
  },
} satisfies Record<string, AuditRetentionCase>;
