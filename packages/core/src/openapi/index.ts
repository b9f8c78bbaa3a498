/** OpenAPI generation; kept apart from the contract entry so the typed client does not load it. */
export { createOpenApiDocument } from "./create-openapi-document.js";
export type { OpenApiDocumentOptions } from "./create-openapi-document.js";
