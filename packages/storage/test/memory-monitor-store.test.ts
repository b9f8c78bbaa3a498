import { createMemoryMonitorStore } from "@public-scan/core";
import { describeMonitorStore } from "../src/testing/index.js";

// Core's reference monitor store: not durable, so the concurrency cases share one handle and the reopen
// case is not run.
describeMonitorStore("memory", () => createMemoryMonitorStore());
