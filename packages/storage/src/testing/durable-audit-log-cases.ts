import { expect } from "vitest";
import type { AuditLogCase } from "./audit-log-case.js";
import { createTestAuditEvent } from "./create-test-audit-event.js";

/** Run only for logs declared durable: what was appended is there after every handle closed. */
export const DURABLE_AUDIT_LOG_CASES = {
  "events survive close and reopen, and later ones list first": async ({ log, reopen }) => {
    const before = [createTestAuditEvent({ keyId: "key_1" }), createTestAuditEvent({ keyId: "key_2", action: "key_revoked" })];
    for (const event of before) await log.append(event);

    const reopened = await reopen();
    expect(await reopened.list()).toStrictEqual([...before].reverse());
    const after = createTestAuditEvent({ keyId: "key_3" });
    await reopened.append(after);
    expect(await reopened.list()).toStrictEqual([after, ...[...before].reverse()]);
  },
} satisfies Record<string, AuditLogCase>;
