import { createInProcessJobQueue } from "@public-scan/core";
import { describeJobQueue } from "../src/testing/index.js";

describeJobQueue("in-process", () => (handlers) => createInProcessJobQueue({ ...handlers, concurrency: 2 }));
