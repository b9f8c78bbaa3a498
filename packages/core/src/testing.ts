/**
 * @public-scan/core/testing: what only tests and conformance suites need. In-memory key store, account
 * store and audit log (a process that loses its keys, accounts and audit trail on restart serves tests, not
 * deployments), and the report view builders that surface tests render pages from.
 */
export { createMemoryKeyStore } from "./stores/create-memory-key-store.js";
export { createMemoryAccountStore } from "./stores/create-memory-account-store.js";
export { createMemoryAuditLog } from "./stores/create-memory-audit-log.js";
export { toReportView } from "./render/to-report-view.js";
export { createLinkBuilder } from "./render/scan-links.js";
