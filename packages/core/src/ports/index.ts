/** Ports: small, domain-shaped interfaces that adapters implement. */
export type { ScanInput, ScanProgress, Scanner } from "./scanner.js";
export type { ScanStore } from "./scan-store.js";
export type { JobQueue, ScanJobMessage } from "./job-queue.js";
export type { Clock, Ids } from "./clock.js";
export { SYSTEM_CLOCK } from "./clock.js";
export type { KeyStore } from "./key-store.js";
export type { AuditEvent, AuditLog } from "./audit-log.js";
export type { DashboardSession, SessionResolver } from "./session-resolver.js";
export type { TargetPolicy } from "./target-policy.js";
export type { ConsumeInput, ConsumeResult, CounterCheck, CounterStore, CounterStoreCapabilities, CounterWindow } from "./counter-store.js";
export type { DurationStats } from "./duration-stats.js";
export type { QuotaCaller } from "./scan-quota.js";
