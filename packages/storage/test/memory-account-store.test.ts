import { createMemoryAccountStore } from "@public-scan/core/testing";
import { describeAccountStore } from "../src/testing/index.js";

// Core's reference account store: not durable, so the concurrency cases share one handle and the reopen
// cases are not run.
describeAccountStore("memory", () => createMemoryAccountStore());
