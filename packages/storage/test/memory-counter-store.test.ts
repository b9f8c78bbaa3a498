import { createMemoryCounterStore } from "@public-scan/core";
import { describeCounterStore } from "../src/testing/index.js";

// The in-process store of core, held to the same suite as the shared stores.
describeCounterStore("memory", () => createMemoryCounterStore());
