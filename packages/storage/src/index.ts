/** @public-scan/storage: adapters of core's storage ports. Filled in by the storage work. */
export {};
