import type { AuditLogCase, ClosableAuditLog } from "./audit-log-case.js";
import { BASIC_AUDIT_LOG_CASES } from "./basic-audit-log-cases.js";
import { CONCURRENT_AUDIT_LOG_CASES } from "./concurrent-audit-log-cases.js";
import { describeConformance } from "./describe-conformance.js";
import { DURABLE_AUDIT_LOG_CASES } from "./durable-audit-log-cases.js";

/** Every case of the AuditLog conformance suite, by title (the durable ones run only for durable logs). */
export const AUDIT_LOG_CASES = {
  ...BASIC_AUDIT_LOG_CASES,
  ...CONCURRENT_AUDIT_LOG_CASES,
  ...DURABLE_AUDIT_LOG_CASES,
} satisfies Record<string, AuditLogCase>;

export type AuditLogCaseName = keyof typeof AUDIT_LOG_CASES;

/**
 * Opens a log. Calls with the same `namespace` must reach the same events when the log is durable (same
 * file, same key prefix); different namespaces must never share events.
 */
export type AuditLogFactory = (input: { namespace: string }) => ClosableAuditLog | Promise<ClosableAuditLog>;

export interface DescribeAuditLogOptions {
  /**
   * The log keeps its events when every handle is closed, and several handles on one namespace share them:
   * the concurrency cases then spread appends over several handles, and the reopen case runs.
   */
  readonly durable?: boolean;
  /** Cases this implementation knowingly fails, each with the reason; they are reported as skipped. */
  readonly knownGaps?: Partial<Record<AuditLogCaseName, string>>;
}

const DURABLE_ONLY = new Set<string>(Object.keys(DURABLE_AUDIT_LOG_CASES));

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
  const durable = options.durable ?? false;
  describeConformance<AuditLogHandle, AuditLogCase>({
    suite: `AuditLog conformance: ${name}`,
    cases: AUDIT_LOG_CASES,
    ...(options.knownGaps ? { knownGaps: options.knownGaps } : {}),
    // A log that forgets on close has nothing to prove in the durable cases: not a gap, so not listed.
    applies: (title) => durable || !DURABLE_ONLY.has(title),
    namespacePrefix: "audit",
    factory: async (input) => {
      const log = await factory(input);
      return { log, close: () => log.close?.() ?? Promise.resolve() };
    },
    run: (testCase, { store, open, closeAll }) =>
      testCase({
        log: store.log,
        peer: async () => (durable ? (await open()).log : store.log),
        reopen: async () => {
          if (!durable) throw new Error("reopen needs a durable log");
          await closeAll();
          return (await open()).log;
        },
      }),
  });
}
