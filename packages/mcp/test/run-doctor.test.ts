import { describe, expect, it } from "vitest";
import { runDoctor, runLocalMcp } from "../src/stdio/index.js";

const BASE = "https://scan.example";
const health = (mcp = true) => ({
  type: "service_health",
  status: "ok",
  apiVersion: "v2",
  surfaces: { rest: true, mcp, mcpLight: true },
});
const envelope = (status: number, code: string) =>
  Response.json(
    {
      type: "service_api_error",
      error: { code, message: `${code} here`, retryable: false, retryAfterSeconds: null, recommendedNextAction: "fix it" },
    },
    { status },
  );

/** A deployment answering health and auth/check from a small table; `down` refuses every connection. */
function deployment(input: { down?: boolean; mcp?: boolean; keys?: Record<string, string[]> } = {}): typeof fetch {
  return (request, init) => {
    if (input.down) return Promise.reject(new TypeError("fetch failed: connect ECONNREFUSED"));
    const url = new URL(request instanceof Request ? request.url : request.toString());
    const authorization = new Headers(init?.headers).get("authorization") ?? "";
    if (url.pathname === "/api/v2/health") return Promise.resolve(Response.json(health(input.mcp ?? true)));
    if (url.pathname === "/api/v2/auth/check") {
      const scopes = input.keys?.[authorization.replace(/^Bearer /, "")];
      return Promise.resolve(scopes === undefined ? envelope(401, "unauthorized") : Response.json({ type: "service_auth_check", scopes }));
    }
    return Promise.resolve(envelope(404, "not_found"));
  };
}

const run = (input: Partial<Parameters<typeof runDoctor>[0]> = {}) =>
  runDoctor({
    baseUrl: BASE,
    apiKey: undefined,
    checkAuth: false,
    version: "1.2.3",
    nodeVersion: "v24.3.0",
    fetch: deployment(),
    ...input,
  });

describe("public-scan-mcp doctor", () => {
  it("passes with a healthy deployment and a key, and with --check-auth names the local scopes it opens", async () => {
    const result = await run({
      apiKey: "svc_ro_good",
      checkAuth: true,
      fetch: deployment({ keys: { svc_ro_good: ["scan:read", "mcp"] } }),
    });
    expect(result.ok).toBe(true);
    expect(result.checks.map((check) => check.name)).toEqual(["node", "api", "key", "auth"]);
    expect(result.checks.find((check) => check.name === "auth")?.detail).toContain("local tools pulse:read");
  });

  it.each([
    ["no key", { apiKey: undefined }, "key", /PUBLIC_SCAN_API_KEY is not set/],
    ["a wrong key", { apiKey: "svc_ro_wrong", checkAuth: true }, "auth", /401 unauthorized/],
    [
      "a key without mcp",
      { apiKey: "svc_mcpless", checkAuth: true, fetch: deployment({ keys: { svc_mcpless: ["scan:read"] } }) },
      "auth",
      /local tools none/,
    ],
    ["the server down", { apiKey: "svc_ro_good", fetch: deployment({ down: true }) }, "api", /ECONNREFUSED/],
    ["no hosted MCP there", { apiKey: "svc_ro_good", fetch: deployment({ mcp: false }) }, "api", /hosted MCP off/],
    ["an old Node", { apiKey: "svc_ro_good", nodeVersion: "v20.11.1" }, "node", /Node 20\.11\.1/],
  ] as const)("fails with %s, and says what to do", async (...[, input, failing, detail]) => {
    const result = await run(input);
    expect(result.ok).toBe(false);
    const check = result.checks.find((candidate) => candidate.name === failing)!;
    expect(check.ok).toBe(false);
    expect(check.detail).toMatch(detail);
    expect(check.fix?.length).toBeGreaterThan(10);
  });

  it("exits 1 on a failure and 0 on success, with --json for machines", async () => {
    let out = "";
    const io = (env: Record<string, string>, fetch: typeof globalThis.fetch) => ({
      stdout: (text: string) => (out += text),
      stderr: () => {},
      env,
      version: "1.2.3",
      nodeVersion: "v24.3.0",
      fetch,
    });
    expect(await runLocalMcp(["doctor"], io({ PUBLIC_SCAN_BASE_URL: BASE }, deployment()))).toBe(1);
    expect(out).toMatch(/FAIL key: PUBLIC_SCAN_API_KEY is not set\n {5}-> Request a read-only key at https:\/\/scan\.example\/account/);
    out = "";
    const keys = { svc_ro_good: ["scan:read", "mcp"] };
    expect(
      await runLocalMcp(
        ["doctor", "--check-auth", "--json"],
        io({ PUBLIC_SCAN_BASE_URL: BASE, PUBLIC_SCAN_API_KEY: "svc_ro_good" }, deployment({ keys })),
      ),
    ).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      ok: true,
      checks: expect.arrayContaining([expect.objectContaining({ name: "auth", ok: true })]),
    });
  });

  it("refuses a bad base URL, an unknown command and serving without a key, before touching stdio", async () => {
    let err = "";
    const io = (env: Record<string, string>) => ({
      stdout: () => {},
      stderr: (text: string) => (err += text),
      env,
      version: "1",
      nodeVersion: "v24.3.0",
    });
    expect(await runLocalMcp([], io({ PUBLIC_SCAN_BASE_URL: "ftp://nope" }))).toBe(2);
    expect(await runLocalMcp(["frobnicate"], io({}))).toBe(2);
    expect(await runLocalMcp([], io({}))).toBe(2);
    expect(err).toContain("set PUBLIC_SCAN_API_KEY");
  });
});
