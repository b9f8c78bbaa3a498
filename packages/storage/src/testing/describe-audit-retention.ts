import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { RETENTION_AUDIT_LOG_CASES, type AuditRetentionCase, type RetainingAuditLog } from "./retention-audit-log-cases.js";

export type AuditRetentionCaseName = keyof typeof RETENTION_AUDIT_LOG_CASES;
export type AuditRetentionFactory = StoreFactory<RetainingAuditLog & { close?: () => Promise<void> }>;

interface Handle {
  log: RetainingAuditLog;
  close(): Promise<void>;
}

/**
 * The conformance suite of audit retention (core's `AuditRetention`), for the logs that have it: one vitest
 * test per case, each on a fresh namespace, every handle closed after it (the AuditLog port has no close,
 * so a log that holds a connection gives its own).
 */
export function describeAuditRetention(
  name: string,
  factory: AuditRetentionFactory,
  options: DescribeDurableSuiteOptions<AuditRetentionCaseName> = {},
): void {
  describeDurableSuite<Handle, AuditRetentionCase>({
    suite: `AuditRetention conformance: ${name}`,
    cases: RETENTION_AUDIT_LOG_CASES,
    durableOnly: {},
    namespacePrefix: "audit-retain",
    factory: async (input) => {
      const log = await factory(input);
      return { log, close: () => log.close?.() ?? Promise.resolve() };
    },
    options,
    run: (testCase, { store, peer }) => testCase({ log: store.log, peer: async () => (await peer()).log }),
  });
}
