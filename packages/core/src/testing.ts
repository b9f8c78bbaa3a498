/**
 * @public-scan/core/testing: what only tests and conformance suites need. In-memory key store, account
 * store and audit log (a process that loses its keys, accounts and audit trail on restart serves tests, not
 * deployments), the report view builders that surface tests render pages from, the contract's example of
 * every resource and request (`contractExamples`, to stub the API in a client's tests) and `completedRecordFrom`
 * (a stored record from observations).
 */
export { createMemoryKeyStore } from "./stores/create-memory-key-store.js";
export { createMemoryAccountStore } from "./stores/create-memory-account-store.js";
export { createMemoryAuditLog } from "./stores/create-memory-audit-log.js";
export { toReportView } from "./render/to-report-view.js";
export { createLinkBuilder } from "./render/scan-links.js";
export * as contractExamples from "./examples/contract-examples.js";
export { completedRecordFrom } from "./examples/completed-record-from.js";
