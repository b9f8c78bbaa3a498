import { createMemoryScanStore } from "@public-scan/core";
import { describeRecentScans, describeScanRetention, describeScanStore } from "../src/testing/index.js";

// Core's reference store: not durable, so the concurrency cases share one handle and the reopen case is not run.
describeScanStore("memory", () => createMemoryScanStore());
describeScanRetention("memory", () => createMemoryScanStore());
describeRecentScans("memory", () => createMemoryScanStore());
