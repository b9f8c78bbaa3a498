import { describe, expect, it } from "vitest";
import { lazySurface } from "../src/lazy-surface.js";

const context = { clientAddress: "203.0.113.7" };

describe("lazySurface", () => {
  it("loads the handler at the first request only, and once for requests that arrive together", async () => {
    let loads = 0;
    const surface = lazySurface(() => {
      loads += 1;
      return Promise.resolve((request: Request) => Promise.resolve(new Response(new URL(request.url).pathname)));
    });
    expect(loads).toBe(0);
    const answers = await Promise.all([
      surface(new Request("https://x.test/a"), context),
      surface(new Request("https://x.test/b"), context),
    ]);
    expect(await Promise.all(answers.map((answer) => answer.text()))).toEqual(["/a", "/b"]);
    await surface(new Request("https://x.test/c"), context);
    expect(loads).toBe(1);
  });

  it("fails the request whose load failed, and loads again at the next one", async () => {
    let loads = 0;
    const surface = lazySurface(() => {
      loads += 1;
      if (loads === 1) return Promise.reject(new Error("chunk missing"));
      return Promise.resolve(() => Promise.resolve(new Response("ok")));
    });
    await expect(surface(new Request("https://x.test/"), context)).rejects.toThrow("chunk missing");
    expect(await (await surface(new Request("https://x.test/"), context)).text()).toBe("ok");
    expect(loads).toBe(2);
  });
});
