import { type AuditEvent, type AuditLog } from "@public-scan/core";
import { createMemoryAuditLog } from "@public-scan/core/testing";
import { describe, expect, it } from "vitest";
import { AUDIT_LOG_CASES, type AuditLogCaseName } from "../src/testing/index.js";

/** The flaws a hand-rolled audit log typically has; each broken log below has exactly one. */
interface Flaws {
  oldestFirst?: boolean;
  ignoresLimit?: boolean;
  /** Reads the whole log, awaits (as a networked store would), then writes it back with the event: concurrent appends are lost. */
  readModifyWrite?: boolean;
  sharesReferences?: boolean;
}

function brokenAuditLog(flaws: Flaws): AuditLog {
  let events: AuditEvent[] = [];
  return {
    async append(event) {
      const stored = flaws.sharesReferences ? event : { ...event };
      if (!flaws.readModifyWrite) return void events.push(stored);
      const read = [...events];
      await new Promise((resolve) => setTimeout(resolve, 1));
      events = [...read, stored];
    },
    list(options) {
      const limit = flaws.ignoresLimit ? events.length : (options?.limit ?? 100);
      const ordered = flaws.oldestFirst ? events.slice(0, limit) : events.slice(-limit).reverse();
      return Promise.resolve(flaws.sharesReferences ? ordered : ordered.map((event) => ({ ...event })));
    },
  };
}

const CAUGHT: [bug: string, caseName: AuditLogCaseName, flaws: Flaws][] = [
  ["oldest-first order", "lists events newest first", { oldestFirst: true }],
  ["oldest-first order", "limit returns only the newest events, newest first", { oldestFirst: true }],
  ["an ignored limit", "limit returns only the newest events, newest first", { ignoresLimit: true }],
  ["an ignored limit", "list without a limit returns the newest 100", { ignoresLimit: true }],
  ["a read-modify-write append", "50 concurrent appends lose nothing and duplicate nothing", { readModifyWrite: true }],
  ["shared references", "events are copies: mutating an argument or a returned event does not change the log", { sharesReferences: true }],
];

async function runCase(caseName: AuditLogCaseName, log: AuditLog): Promise<void> {
  const fail = () => Promise.reject(new Error("not durable"));
  await AUDIT_LOG_CASES[caseName]({ log, peer: () => Promise.resolve(log), reopen: fail });
}

describe("the AuditLog conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    await expect(runCase(caseName, brokenAuditLog(flaws))).rejects.toThrow();
    await expect(runCase(caseName, createMemoryAuditLog())).resolves.toBeUndefined();
    await expect(runCase(caseName, brokenAuditLog({}))).resolves.toBeUndefined();
  });
});
