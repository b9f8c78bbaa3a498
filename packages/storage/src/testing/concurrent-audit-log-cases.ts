import type { AuditLog } from "@public-scan/core";
import { expect } from "vitest";
import type { AuditLogCase } from "./audit-log-case.js";
import { createTestAuditEvent } from "./create-test-audit-event.js";

const APPENDS = 50;
const HANDLES = 4;

async function handles(log: AuditLog, peer: () => Promise<AuditLog>): Promise<AuditLog[]> {
  const more = await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer()));
  return [log, ...more];
}

/** Many appends at once, spread over several handles when the log is durable (connections or file handles). */
export const CONCURRENT_AUDIT_LOG_CASES = {
  [`${APPENDS} concurrent appends lose nothing and duplicate nothing`]: async ({ log, peer }) => {
    const logs = await handles(log, peer);
    const events = Array.from({ length: APPENDS }, (_, index) => createTestAuditEvent({ keyId: `key_${index}` }));
    await Promise.all(events.map((event, index) => logs[index % HANDLES]!.append(event)));
    const listed = await log.list({ limit: APPENDS * 2 });
    // Concurrent appends have no order of their own: compare as sets, with their counts.
    const byKey = (a: { keyId: string | null }, b: { keyId: string | null }) => a.keyId!.localeCompare(b.keyId!);
    expect([...listed].sort(byKey)).toStrictEqual([...events].sort(byKey));
  },

  "appends made one after another through several handles list in that order": async ({ log, peer }) => {
    const logs = await handles(log, peer);
    const events = Array.from({ length: 12 }, (_, index) => createTestAuditEvent({ keyId: `key_${index}` }));
    for (const [index, event] of events.entries()) await logs[index % HANDLES]!.append(event);
    expect(await logs[1]!.list()).toStrictEqual([...events].reverse());
  },
} satisfies Record<string, AuditLogCase>;
