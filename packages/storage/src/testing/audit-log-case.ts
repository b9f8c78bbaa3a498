import type { AuditLog } from "@public-scan/core";

/**
 * An audit log as a factory returns it. The AuditLog port has no close (the memory log needs none); a log
 * that holds a connection or a file handle gives its close here, and the suite calls it after each case.
 */
export type ClosableAuditLog = AuditLog & { close?: () => Promise<void> };

export interface AuditLogCaseContext {
  /** A fresh log for this case, with events no other case sees. */
  readonly log: AuditLog;
  /**
   * Another handle onto the same events (a new connection or file handle) when the log is durable;
   * otherwise `log` itself. The suite closes every handle after the case.
   */
  readonly peer: () => Promise<AuditLog>;
  /** Closes every handle opened so far and opens the log again on the same events (durable logs only). */
  readonly reopen: () => Promise<AuditLog>;
}

/** One conformance case: throws (a failed `expect`) when the log does not conform. */
export type AuditLogCase = (context: AuditLogCaseContext) => Promise<void>;
