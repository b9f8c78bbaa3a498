import type { AuditEvent, AuditLog } from "../ports/audit-log.js";
import type { AuditRetention } from "../ports/audit-retention.js";

/** The in-memory audit log, newest last; `list` returns the newest first. */
export function createMemoryAuditLog(): AuditLog & AuditRetention {
  const events: AuditEvent[] = [];
  // Events are appended as they happen, so the ones before a cutoff are a prefix of the list.
  const before = (cutoff: string) => events.filter((event) => event.at < cutoff);
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
    countBefore: (cutoff) => Promise.resolve(before(cutoff).length),
    purgeBefore(cutoff, { limit }) {
      const purged = before(cutoff).slice(0, Math.max(0, limit));
      for (const event of purged) events.splice(events.indexOf(event), 1);
      return Promise.resolve(purged.length);
    },
  };
}
