import type { Page } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import { evaluateInIsolatedWorld } from "../../src/visit/evaluate-in-isolated-world.js";

/**
 * A page whose CDP answers are scripted: each `Runtime.evaluate` takes the next outcome, an Error to
 * throw or a value. Counts the sessions opened and detached, so a retry is seen to clean up after itself.
 */
function scriptedPage(outcomes: Array<Error | string>) {
  const counts = { sessions: 0, detached: 0, evaluations: 0 };
  const page = {
    isClosed: () => false,
    createCDPSession: () => {
      counts.sessions += 1;
      return Promise.resolve({
        send: (method: string) => {
          if (method === "Page.getFrameTree") return Promise.resolve({ frameTree: { frame: { id: "main" } } });
          if (method === "Page.createIsolatedWorld") return Promise.resolve({ executionContextId: counts.sessions });
          const outcome = outcomes[counts.evaluations++];
          if (outcome === undefined) return Promise.reject(new Error("no more scripted answers"));
          if (outcome instanceof Error) return Promise.reject(outcome);
          return Promise.resolve({ result: { value: outcome } });
        },
        detach: () => {
          counts.detached += 1;
          return Promise.resolve();
        },
      });
    },
  } as unknown as Page;
  return { page, counts };
}

const read = (page: Page) => evaluateInIsolatedWorld<string>(page, { expression: "document.title", worldName: "test" });
const replaced = () => new Error("Protocol error (Runtime.evaluate): Cannot find context with specified id");

describe("evaluateInIsolatedWorld", () => {
  it("reads the new document when the page replaced the one it was reading", async () => {
    const { page, counts } = scriptedPage([replaced(), new Error("Execution context was destroyed."), "Privacy policy"]);
    expect(await read(page)).toBe("Privacy policy");
    expect(counts).toEqual({ sessions: 3, detached: 3, evaluations: 3 });
  });

  it("gives up after a few replaced documents, with the browser's error", async () => {
    const { page, counts } = scriptedPage(Array.from({ length: 10 }, replaced));
    await expect(read(page)).rejects.toThrow(/Cannot find context/);
    expect(counts.evaluations).toBe(5);
    expect(counts.detached).toBe(5);
  });

  it("does not retry other failures", async () => {
    const { page, counts } = scriptedPage([new Error("Target closed"), "never read"]);
    await expect(read(page)).rejects.toThrow("Target closed");
    expect(counts.evaluations).toBe(1);
  });
});
