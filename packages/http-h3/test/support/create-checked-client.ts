import { createOpenApiDocument } from "@public-scan/core/openapi";
import { expect } from "vitest";
import { createOpenApiValidator } from "./create-openapi-validator.js";
import type { SendRequest } from "@public-scan/test-support/rest-hosts";

const validate = createOpenApiValidator(createOpenApiDocument() as Parameters<typeof createOpenApiValidator>[0]);

export interface CheckedResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A 200 of an export route is a file: its text, in the format's media type, not JSON. */
const isFile = (path: string, status: number) => status === 200 && /^\/api\/v2\/scans\/[^/]+\/exports\/[^/?]+/.test(path);

/**
 * Sends a request and checks what every API response must satisfy: the contract's headers, a JSON body
 * with the disclaimer (a file named by Content-Disposition for an export), the error envelope for every
 * error, and conformance to the OpenAPI document.
 */
export function createCheckedClient(send: SendRequest) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    init: RequestInit & { clientAddress?: string; json?: unknown; token?: string } = {},
  ): Promise<CheckedResponse<T>> {
    const { json, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set("content-type", "application/json");
    if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
    const response = await send(path, { ...rest, method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
    expect(response.headers.get("x-service-api-version"), `${method} ${path}`).toBe("v2");
    expect(response.headers.get("x-service-request-id"), `${method} ${path}`).toMatch(/^[0-9a-f-]{36}$/);
    if (isFile(path, response.status)) {
      expect(response.headers.get("content-disposition"), path).toMatch(/^attachment; filename="public-scan[\w.-]*"$/);
      const text = await response.text();
      const pathname = new URL(path, "http://host").pathname;
      expect(validate({ method, pathname, status: 200, headers: response.headers, body: text }), `${method} ${path}`).toEqual([]);
      return { status: 200, headers: response.headers, body: text as T };
    }
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    // The OpenAPI document is a specification, not a resource: it carries the disclaimer in info.description.
    const disclaimer = path.endsWith("/openapi.json") ? (body.info as { description?: string } | undefined)?.description : body.disclaimer;
    expect(disclaimer).toContain("not legal advice");
    if (response.status >= 400) {
      expect(body.type).toBe("service_api_error");
      expect(response.status).not.toBe(500);
    }
    if (response.status === 202 || response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const pathname = new URL(path, "http://host").pathname;
    expect(validate({ method, pathname, status: response.status, headers: response.headers, body }), `${method} ${path}`).toEqual([]);
    return { status: response.status, headers: response.headers, body: body as T };
  };
}
