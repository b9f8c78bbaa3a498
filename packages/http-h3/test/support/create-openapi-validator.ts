import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Operation = { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** The OpenAPI path template that matches a concrete path (`/api/v2/scans/{scanId}` for `/api/v2/scans/abc`). */
function templateOf(document: Document, pathname: string): string | null {
  for (const template of Object.keys(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`);
    if (pattern.test(pathname)) return template;
  }
  return null;
}

/**
 * Validates a response against the served OpenAPI document: the status must be declared for the
 * operation, the body must match its schema (JSON Schema 2020-12, as OpenAPI 3.1 uses), and the declared
 * headers must be present. Returns the problems, empty when the response conforms.
 */
export function createOpenApiValidator(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: unknown) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      const rewritten = JSON.parse(key.replaceAll('"#/components/', '"openapi#/components/')) as object;
      validate = ajv.compile(rewritten);
      compiled.set(key, validate);
    }
    return validate;
  };

  return (input: { method: string; pathname: string; status: number; headers: Headers; body: unknown }): string[] => {
    const template = templateOf(document, input.pathname);
    const operation = template === null ? undefined : document.paths[template]?.[input.method.toLowerCase()];
    // A route or method the document does not have: the answer must still be the error envelope.
    if (!operation) {
      const validate = validatorOf({ $ref: "#/components/schemas/ErrorEnvelope" });
      if (input.status < 400) return [`${input.method} ${input.pathname} is not in the document but answered ${input.status}`];
      return validate(input.body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`);
    }
    const response = operation.responses[String(input.status)];
    if (!response) return [`${input.method} ${template ?? ""} does not declare status ${input.status}`];
    const problems: string[] = [];
    for (const header of Object.keys(response.headers ?? {})) {
      if (!input.headers.has(header)) problems.push(`missing header ${header}`);
    }
    // A file answer (an export) must be in one of the media types declared for it.
    const media = (input.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (response.content !== undefined && !("application/json" in response.content) && !(media in response.content))
      problems.push(`content type ${media} is not declared for ${input.status}`);
    const schema = response.content?.["application/json"]?.schema;
    if (schema !== undefined) {
      const validate = validatorOf(schema);
      if (!validate(input.body)) problems.push(...(validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`));
    }
    return problems;
  };
}
