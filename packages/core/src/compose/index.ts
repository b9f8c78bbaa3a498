/** Composition for one process; hosts with a DI container wire the same parts in their composition root. */
export { createLocalService } from "./create-local-service.js";
export type { CloseOptions, LocalServiceOptions } from "./create-local-service.js";
