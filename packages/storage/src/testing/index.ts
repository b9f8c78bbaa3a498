/**
 * @public-scan/storage/testing: the conformance suites of the storage ports, shipped as code so every
 * implementation (ours and third parties') is held to the same answers. Needs vitest and fast-check.
 */
export { BASIC_COUNTER_STORE_CASES } from "./basic-counter-store-cases.js";
export { CONCURRENT_COUNTER_STORE_CASES } from "./concurrent-counter-store-cases.js";
export type { CounterStoreCase, CounterStoreCaseContext } from "./counter-store-case.js";
export { createReferenceCounterModel } from "./create-reference-counter-model.js";
export type { ReferenceCounterModel } from "./create-reference-counter-model.js";
export { COUNTER_STORE_CASES, describeCounterStore } from "./describe-counter-store.js";
export type { CounterStoreCaseName, CounterStoreFactory, DescribeCounterStoreOptions } from "./describe-counter-store.js";
export { PROPERTY_COUNTER_STORE_CASES } from "./property-counter-store-cases.js";
export { BASIC_SCAN_STORE_CASES } from "./basic-scan-store-cases.js";
export { CONCURRENT_SCAN_STORE_CASES } from "./concurrent-scan-store-cases.js";
export { createTestScanRecord, createTestScanReport } from "./create-test-scan-record.js";
export type { TestScanRecordInput } from "./create-test-scan-record.js";
export { SCAN_STORE_CASES, describeScanStore } from "./describe-scan-store.js";
export type { DescribeScanStoreOptions, ScanStoreCaseName, ScanStoreFactory } from "./describe-scan-store.js";
export { DURABLE_SCAN_STORE_CASES } from "./durable-scan-store-cases.js";
export { INDEX_SCAN_STORE_CASES } from "./index-scan-store-cases.js";
export type { ScanStoreCase, ScanStoreCaseContext } from "./scan-store-case.js";
export { BASIC_KEY_STORE_CASES } from "./basic-key-store-cases.js";
export { CONCURRENT_KEY_STORE_CASES } from "./concurrent-key-store-cases.js";
export { createTestKeyRecord, testKeyHash } from "./create-test-key-record.js";
export { KEY_STORE_CASES, describeKeyStore } from "./describe-key-store.js";
export type { DescribeKeyStoreOptions, KeyStoreCaseName, KeyStoreFactory } from "./describe-key-store.js";
export { DURABLE_KEY_STORE_CASES } from "./durable-key-store-cases.js";
export type { KeyStoreCase, KeyStoreCaseContext } from "./key-store-case.js";
export type { AuditLogCase, AuditLogCaseContext, ClosableAuditLog } from "./audit-log-case.js";
export { BASIC_AUDIT_LOG_CASES } from "./basic-audit-log-cases.js";
export { CONCURRENT_AUDIT_LOG_CASES } from "./concurrent-audit-log-cases.js";
export { createTestAuditEvent } from "./create-test-audit-event.js";
export { AUDIT_LOG_CASES, describeAuditLog } from "./describe-audit-log.js";
export type { AuditLogCaseName, AuditLogFactory, DescribeAuditLogOptions } from "./describe-audit-log.js";
export { DURABLE_AUDIT_LOG_CASES } from "./durable-audit-log-cases.js";
export { describeConformance, describeDurableSuite } from "./describe-conformance.js";
export type { ConformanceHandles, DescribeConformanceOptions, DescribeDurableSuiteOptions, StoreFactory } from "./describe-conformance.js";
export { BASIC_KEYV_STORE_CASES } from "./basic-keyv-store-cases.js";
export { CONCURRENT_KEYV_STORE_CASES } from "./concurrent-keyv-store-cases.js";
export { KEYV_STORE_CASES, describeKeyvStore } from "./describe-keyv-store.js";
export type { DescribeKeyvStoreOptions, KeyvStoreCaseName, KeyvStoreFactory } from "./describe-keyv-store.js";
export { DURABLE_KEYV_STORE_CASES } from "./durable-keyv-store-cases.js";
export { EXPIRY_KEYV_STORE_CASES } from "./expiry-keyv-store-cases.js";
export type { KeyvStoreCase, KeyvStoreCaseContext } from "./keyv-store-case.js";
export { NAMESPACE_KEYV_STORE_CASES } from "./namespace-keyv-store-cases.js";
