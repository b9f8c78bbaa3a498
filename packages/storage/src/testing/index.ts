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
