import type { AuditEvent, AuditLog } from "../ports/audit-log.js";

/** The in-memory audit log, newest last; `list` returns the newest first. */
export function createMemoryAuditLog(): AuditLog {
  const events: AuditEvent[] = [];
  return {
    append: (event) => Promise.resolve(void events.push({ ...event })),
    list: (options) =>
      Promise.resolve(
        events
          .slice(-(options?.limit ?? 100))
          .reverse()
          .map((event) => ({ ...event })),
      ),
  };
}
