import { createOpenApiDocument } from "@public-scan/core/openapi";

const documents = new Map<string, Record<string, unknown>>();

/** The OpenAPI document with the deployment's base URL as its server; generated once per base URL. */
export function openApiDocumentFor(baseUrl: string): Record<string, unknown> {
  let document = documents.get(baseUrl);
  if (document === undefined) {
    document = createOpenApiDocument({ serverUrl: baseUrl.replace(/\/+$/, "") });
    documents.set(baseUrl, document);
  }
  return document;
}
