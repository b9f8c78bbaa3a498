import { createMemoryAuditLog, createMemoryKeyStore } from "@public-scan/core/testing";
import { describeAuditLog, describeAuditRetention, describeKeyStore } from "../src/testing/index.js";

// Core's reference key store and audit log: not durable, so the concurrency cases share one handle and the
// reopen cases are not run.
describeKeyStore("memory", () => createMemoryKeyStore());
describeAuditLog("memory", () => createMemoryAuditLog());
describeAuditRetention("memory", () => createMemoryAuditLog());
