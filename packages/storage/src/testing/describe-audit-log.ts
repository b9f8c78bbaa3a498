import type { AuditLogCase, ClosableAuditLog } from "./audit-log-case.js";
import { BASIC_AUDIT_LOG_CASES } from "./basic-audit-log-cases.js";
import { CONCURRENT_AUDIT_LOG_CASES } from "./concurrent-audit-log-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_AUDIT_LOG_CASES } from "./durable-audit-log-cases.js";

/** Every case of the AuditLog conformance suite, by title (the durable ones run only for durable logs). */
export const AUDIT_LOG_CASES = {
  ...BASIC_AUDIT_LOG_CASES,
  ...CONCURRENT_AUDIT_LOG_CASES,
  ...DURABLE_AUDIT_LOG_CASES,
} satisfies Record<string, AuditLogCase>;

export type AuditLogCaseName = keyof typeof AUDIT_LOG_CASES;
export type AuditLogFactory = StoreFactory<ClosableAuditLog>;
export type DescribeAuditLogOptions = DescribeDurableSuiteOptions<AuditLogCaseName>;

/** The harness closes what it opened; the port has no close, so each log is paired with its own (or none). */
interface AuditLogHandle {
  log: ClosableAuditLog;
  close(): Promise<void>;
}

/**
 * The AuditLog conformance suite: registers one vitest test per case for the log `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeAuditLog(name: string, factory: AuditLogFactory, options: DescribeAuditLogOptions = {}): void {
  describeDurableSuite<AuditLogHandle, AuditLogCase>({
    suite: `AuditLog conformance: ${name}`,
    cases: AUDIT_LOG_CASES,
    durableOnly: DURABLE_AUDIT_LOG_CASES,
    namespacePrefix: "audit",
    factory: async (input) => {
      const log = await factory(input);
      return { log, close: () => log.close?.() ?? Promise.resolve() };
    },
    options,
    run: (testCase, { store, peer, reopen }) =>
      testCase({ log: store.log, peer: async () => (await peer()).log, reopen: async () => (await reopen()).log }),
  });
}
