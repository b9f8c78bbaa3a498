/**
 * Deleting audit events after their retention period (docs/operations.md "Data lifecycle"). A capability of
 * the logs that can find events by time (memory, SQLite, Redis); DynamoDB's log expires them by its TTL
 * attribute (`retentionDays`) instead. An event's time is its `at` (on Redis, the stream entry's id, taken
 * when it was appended: the same instant for every caller that appends as it acts).
 */
export interface AuditRetention {
  /** How many events happened strictly before `cutoff` (ISO date-time). */
  countBefore(cutoff: string): Promise<number>;
  /** Deletes up to `limit` events that happened strictly before `cutoff`, oldest first; returns how many. */
  purgeBefore(cutoff: string, options: { limit: number }): Promise<number>;
}
