import type { AuditEvent, AuditLog } from "@public-scan/core";
import { expect } from "vitest";
import type { AuditLogCase } from "./audit-log-case.js";
import { createTestAuditEvent } from "./create-test-audit-event.js";

/** `count` distinct events, oldest first, told apart by their keyId and time. */
const numbered = (count: number): AuditEvent[] =>
  Array.from({ length: count }, (_, index) =>
    createTestAuditEvent({ keyId: `key_${index + 1}`, at: new Date(Date.UTC(2026, 10, 23, 10, 0, 0, index)).toISOString() }),
  );

async function appendAll(log: AuditLog, events: AuditEvent[]): Promise<void> {
  for (const event of events) await log.append(event);
}

/** Order, limits, faithful copies. */
export const BASIC_AUDIT_LOG_CASES = {
  "list of an empty log is empty": async ({ log }) => {
    expect(await log.list()).toStrictEqual([]);
    expect(await log.list({ limit: 5 })).toStrictEqual([]);
  },

  "lists events newest first": async ({ log }) => {
    const issued = createTestAuditEvent({ action: "key_issued" });
    const revoked = createTestAuditEvent({ action: "key_revoked", subjectHash: null, networkHash: null });
    const denied = createTestAuditEvent({ action: "key_request_denied", outcome: "denied", reason: "issuance_cap", keyId: null });
    await appendAll(log, [issued, revoked, denied]);
    expect(await log.list()).toStrictEqual([denied, revoked, issued]);
  },

  "limit returns only the newest events, newest first": async ({ log }) => {
    const events = numbered(5);
    await appendAll(log, events);
    const newestFirst = [...events].reverse();
    expect(await log.list({ limit: 1 })).toStrictEqual(newestFirst.slice(0, 1));
    expect(await log.list({ limit: 3 })).toStrictEqual(newestFirst.slice(0, 3));
    expect(await log.list({ limit: 5 })).toStrictEqual(newestFirst);
    expect(await log.list({ limit: 50 })).toStrictEqual(newestFirst);
  },

  "list without a limit returns the newest 100": async ({ log }) => {
    const events = numbered(105);
    await appendAll(log, events);
    expect(await log.list()).toStrictEqual([...events].reverse().slice(0, 100));
    expect(await log.list({ limit: 105 })).toStrictEqual([...events].reverse());
  },

  "events come back deep-equal: every action and outcome, nulls, unicode, duplicates kept": async ({ log }) => {
    const events = [
      createTestAuditEvent(),
      createTestAuditEvent({ action: "key_request_denied", outcome: "denied", reason: "sign_in_required", keyId: null, subjectHash: null }),
      createTestAuditEvent({ action: "key_request_denied", outcome: "denied", reason: 'ünïcode — "quoted" \\ ✓', keyId: null }),
      createTestAuditEvent({ action: "key_revoked", keyId: "key:with/odd*chars", subjectHash: null, networkHash: null }),
      // Append-only: the same event twice is two entries, not one.
      createTestAuditEvent(),
    ];
    await appendAll(log, events);
    expect(await log.list()).toStrictEqual([...events].reverse());
  },

  "events are copies: mutating an argument or a returned event does not change the log": async ({ log }) => {
    const event = createTestAuditEvent();
    const original = { ...event };
    await log.append(event);
    event.keyId = "changed";
    event.reason = "changed";
    const [first] = await log.list();
    expect(first).toStrictEqual(original);
    first!.action = "key_revoked";
    expect(await log.list()).toStrictEqual([original]);
  },
} satisfies Record<string, AuditLogCase>;
