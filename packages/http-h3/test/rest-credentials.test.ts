import { OPERATIONS } from "@public-scan/core";
import { afterEach, describe, expect, it } from "vitest";
import { createCheckedClient } from "./support/create-checked-client.js";
import { createTestRest } from "./support/create-test-rest.js";
import { REST_HOSTS } from "@public-scan/test-support/rest-hosts";

const [, socket] = REST_HOSTS as [(typeof REST_HOSTS)[number], (typeof REST_HOSTS)[number]];
const SCAN_ID = "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10";
const ORIGIN = "https://app.example.net";

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

async function start() {
  const rest = await createTestRest();
  const started = await socket.start(rest.app);
  cleanups.push(started.stop, rest.close);
  return { send: started.send, call: createCheckedClient(started.send) };
}

const concretePath = (path: string) =>
  path.replace("{scanId}", SCAN_ID).replace("{findingId}", "any_finding").replace("{domain}", "example.com").replace("{format}", "sarif");

describe("credentials", () => {
  it("answers 401 to an empty or blank Authorization header: a supplied credential, not the anonymous path", async () => {
    const { call } = await start();
    for (const value of ["", "   ", "Bearer", "Bearer "]) {
      const created = await call<{ error: { code: string } }>("POST", "/api/v2/scans", {
        json: { url: "https://www.example.com/" },
        headers: { authorization: value },
      });
      expect(created.status, JSON.stringify(value)).toBe(401);
      expect(created.body.error.code).toBe("unauthorized");
    }
    // Without the header, the same request takes the anonymous path.
    expect((await call("POST", "/api/v2/scans", { json: { url: "https://www.example.com/" } })).status).toBe(202);
  });
});

describe("CORS preflights as a browser sends them", () => {
  it.each(OPERATIONS.map((operation) => [operation.operationId, operation] as const))("%s", async (_, operation) => {
    const { send } = await start();
    const response = await send(concretePath(operation.path), {
      method: "OPTIONS",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": operation.method.toUpperCase(),
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(response.status).toBe(204);
    const allowed = response.headers.get("access-control-allow-origin");
    if (operation.security === "dashboard_session") {
      // The key request authenticates with the dashboard's cookie: never readable cross-origin.
      expect(allowed).toBeNull();
      return;
    }
    expect(allowed).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain(operation.method.toUpperCase());
    expect(response.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    // `*` never goes with credentials (cookies) in browsers; the API takes none.
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuses a cross-origin anonymous scan creation: without a bearer key the preflight grants nothing", async () => {
    const { send } = await start();
    const response = await send("/api/v2/scans", {
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
