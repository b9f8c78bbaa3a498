/**
 * @public-scan/core: the domain of public-scan. This entry re-exports the contract and adds the error type.
 * Use-cases, ports and projections join it in later releases.
 */
export * from "./contract/index.js";
export { isServiceError, ServiceError } from "./errors/service-error.js";
export type { ServiceErrorOptions } from "./errors/service-error.js";
export * from "./observations/index.js";
export * from "./projection/index.js";
export * from "./domain/index.js";
export * from "./render/index.js";
export * from "./stores/index.js";
export * from "./use-cases/index.js";
export * from "./compose/index.js";
export * from "./limits/index.js";
export * from "./keys/index.js";
export * from "./ports/index.js";
export { REDACTED_INTERNAL_MESSAGE, toErrorEnvelope, toHttpStatus } from "./errors/to-error-envelope.js";
export type { ErrorEnvelopeOptions } from "./errors/to-error-envelope.js";
export { resolveCaller, UNKNOWN_CLIENT } from "./access/resolve-caller.js";
export type { ResolveCallerDeps, ResolveCallerInput } from "./access/resolve-caller.js";
