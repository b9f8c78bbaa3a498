import { afterEach, describe, expect, it } from "vitest";
import type { RestAppOptions } from "../src/index.js";
import { BASE_URL, createTestRest } from "./support/create-test-rest.js";

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

async function start(options: Partial<RestAppOptions> = { homePage: { accounts: true } }) {
  const rest = await createTestRest({ options, mcp: true });
  cleanups.push(rest.close);
  const send = (path: string, init: RequestInit = {}) => rest.app.fetch(new Request(`http://in-process${path}`, init));
  const scan = (url: string, headers: Record<string, string> = { "sec-fetch-site": "same-origin" }) =>
    send("/scan", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ url }).toString(),
    });
  return { rest, send, scan };
}

const allowanceOf = (html: string) => {
  const match = /Scans without an account: (\d+) of (\d+) left/.exec(html);
  return match === null ? null : { remaining: Number(match[1]), limit: Number(match[2]) };
};

describe("the home page", () => {
  it("offers a scan form posting to this origin, the reader's allowance, the API and MCP addresses and sign-up", async () => {
    const { send } = await start();
    const response = await send("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("script-src 'none'");
    const html = await response.text();
    expect(html).toContain('<form method="post" action="/scan" class="scan-form">');
    expect(html).toContain('<input id="url" name="url" type="url"');
    expect(allowanceOf(html)).toEqual({ remaining: expect.any(Number) as number, limit: expect.any(Number) as number });
    expect(html).toContain(`<code>${BASE_URL}/api/v2/openapi.json</code>`);
    expect(html).toContain(`<code>${BASE_URL}/mcp</code>`);
    expect(html).toContain(`<code>${BASE_URL}/mcp/light</code>`);
    expect(html).toContain('<a href="/account/sign-up">Create an account</a>');
    expect(html).toContain("not legal advice");
  });

  it("starts a scan from the form: a redirect to its report, one scan of the reader's allowance used", async () => {
    const { send, scan } = await start();
    const before = allowanceOf(await (await send("/")).text())!;
    const response = await scan("https://shop.example.com/");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/reports\/[0-9a-f-]{36}$/);
    expect(allowanceOf(await (await send("/")).text())).toEqual({ ...before, remaining: before.remaining - 1 });
    // The report page it leads to exists (pending while the scan runs, then the report).
    expect([200, 202]).toContain((await send(response.headers.get("location")!)).status);
  });

  it("lists the latest scans with evidence as their site, score and report link, and none when turned off", async () => {
    const { send, scan } = await start();
    expect(await (await send("/")).text()).toContain("No scans yet: start one above.");
    const reportPath = (await scan("https://shop.example.com/")).headers.get("location")!;
    const scanId = reportPath.split("/").at(-1)!;
    await expect
      .poll(async () => ((await (await send(`/api/v2/scans/${scanId}/status`)).json()) as { status: string }).status, { timeout: 10_000 })
      .toBe("completed");
    const html = await (await send("/")).text();
    expect(html).toMatch(
      new RegExp(`<li><a href="/reports/${scanId}">shop\\.example\\.com</a> <span class="badge tone-\\w+">\\d+/100</span>`),
    );
    // The site only: never the URL scanned.
    expect(html).not.toContain("https://shop.example.com/");
    const off = await start({ homePage: { recentScans: 0 } });
    expect(await (await off.send("/")).text()).not.toContain('id="recent"');
  });

  it("refuses a post from another site without spending the visitor's allowance", async () => {
    const { send, scan } = await start();
    const before = allowanceOf(await (await send("/")).text());
    const attempts: Array<Record<string, string>> = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of attempts) {
      const response = await scan("https://shop.example.com/", headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("Scans can only be started from this site");
    }
    expect(allowanceOf(await (await send("/")).text())).toEqual(before);
  });

  it("answers a refused address with the form again, the message and the address kept, escaped", async () => {
    const { scan } = await start();
    for (const url of ["file:///etc/passwd", "https://user:pass@a.example/", 'javascript:"><script>alert(1)</script>', ""]) {
      const response = await scan(url);
      expect(response.status, url).toBe(400);
      const html = await response.text();
      expect(html).toContain('role="alert" id="scan-error">');
      expect(html).not.toContain("<script>alert(1)</script>");
      if (url.startsWith("https://x")) expect(html).toContain('value="https://x.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    }
  });

  it("refuses a body that is not a small browser form", async () => {
    const { send } = await start();
    const post = (init: RequestInit) => send("/scan", { method: "POST", ...init });
    expect(
      (await post({ headers: { "content-type": "application/json" }, body: JSON.stringify({ url: "https://a.example/" }) })).status,
    ).toBe(400);
    const huge = new URLSearchParams({ url: `https://a.example/${"a".repeat(10_000)}` }).toString();
    expect((await post({ headers: { "content-type": "application/x-www-form-urlencoded" }, body: huge })).status).toBe(400);
  });

  it("is not served unless the host asks for it: `/` stays the API's 404", async () => {
    const { send } = await start({});
    const response = await send("/");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await send("/scan", { method: "POST" })).status).toBe(404);
  });
});
