import type { AuditEvent, AuditLog } from "../ports/audit-log.js";

/** The in-memory audit log, newest last; `list` returns the newest first. */
export function createMemoryAuditLog(): AuditLog {
  const events: AuditEvent[] = [];
  return {
    append: (event) => Promise.resolve(void events.push({ ...event })),
    list: (options) => {
      const limit = options?.limit ?? 100;
      // `slice(-0)` would return everything: a limit of 0 or less lists nothing, as the SQLite log does.
      if (limit <= 0) return Promise.resolve([]);
      return Promise.resolve(
        events
          .slice(-limit)
          .reverse()
          .map((event) => ({ ...event })),
      );
    },
  };
}
