/** Composition for one process; hosts with a DI container wire the same parts in their composition root. */
export { createService } from "./create-service.js";
export type { CloseOptions, Service, ServiceOptions } from "./create-service.js";
export { startScanWorker } from "./start-scan-worker.js";
export type { ScanWorker, ScanWorkerOptions } from "./start-scan-worker.js";
export { createLocalService } from "./create-local-service.js";
export type { LocalServiceOptions } from "./create-local-service.js";
export { PORTS } from "./port-tokens.js";
export type { PortToken } from "./port-tokens.js";
export { usePort } from "./use-port.js";
export type { PortRegistry } from "./use-port.js";
