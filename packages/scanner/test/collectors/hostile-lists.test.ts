import { EventEmitter } from "node:events";
import { OBSERVATION_LIMITS } from "@public-scan/core";
import type { Page } from "puppeteer-core";
import { describe, expect, it } from "vitest";
import type { Classifier } from "../../src/classify/index.js";
import type { CollectorContext } from "../../src/collectors/collector.js";
import { createCookieCollector } from "../../src/collectors/cookie-collector.js";
import { createStorageCollector, toFrameStorage } from "../../src/collectors/storage-collector.js";
import type { AttachedTarget } from "../../src/visit/attach-targets.js";

/**
 * A page controls what its own world answers and what its servers send: these lists are bounded before
 * anything is classified, so a page cannot make a collector classify (or hold) millions of names.
 */
function countingClassifier() {
  const calls = { cookie: 0, storage: 0 };
  const classification = { vendor: null, purpose: "unknown", source: null } as const;
  const classifier = {
    partyOf: () => "first_party",
    classifyCookie: () => (calls.cookie++, classification),
    classifyStorageKey: () => (calls.storage++, classification),
  } as unknown as Classifier;
  return { classifier, calls };
}

function contextWith(page: Partial<Page>, classifier: Classifier): CollectorContext {
  return { page: page as Page, siteHost: () => "www.example.com", phase: "pre_consent", classifier, refusedHosts: new Set() };
}

describe("bounded page-supplied lists", () => {
  it("storage: a frame that claims 200,000 keys gets one past the bound classified, no more", async () => {
    const { classifier, calls } = countingClassifier();
    const faked = {
      local: Array.from({ length: 200_000 }, (_, index) => `key${index}`),
      session: [],
      indexedDb: [],
      caches: [],
      serviceWorkers: [],
    };
    const frame = { url: () => "https://www.example.com/", evaluate: () => Promise.resolve(faked) };
    const result = await createStorageCollector().collect(contextWith({ frames: () => [frame] as never }, classifier));
    expect(result).toHaveLength(OBSERVATION_LIMITS.storage + 1);
    expect(calls.storage).toBe(OBSERVATION_LIMITS.storage + 1);
  });

  it("storage: an answer of the wrong shape is read as no names", () => {
    expect(toFrameStorage("x")).toBeNull();
    expect(toFrameStorage({ local: [1, {}, "ok", "x".repeat(5000)], session: "not a list" })).toEqual({
      local: ["ok"],
      session: [],
      indexedDb: [],
      caches: [],
      serviceWorkers: [],
    });
  });

  it("cookies: 50,000 refused Set-Cookie lines keep at most the observations' bound, each once", async () => {
    const { classifier } = countingClassifier();
    const collector = createCookieCollector();
    const session = Object.assign(new EventEmitter(), { send: () => Promise.resolve({}) });
    await collector.attach!({ session, kind: "worker", url: "", outOfProcess: false } as unknown as AttachedTarget);
    session.emit("Network.requestWillBeSent", { requestId: "1", request: { url: "https://www.example.com/" } });
    const blockedCookies = Array.from({ length: 50_000 }, (_, index) => ({
      cookieLine: `c${index % 25_000}=v`,
      blockedReasons: ["SameSiteNoneInsecure"],
    }));
    session.emit("Network.responseReceivedExtraInfo", { requestId: "1", headers: {}, blockedCookies });
    const page = { browserContext: () => ({ cookies: () => Promise.resolve([]) }) } as unknown as Page;
    const result = await collector.collect(contextWith(page, classifier));
    expect(result.length).toBe(OBSERVATION_LIMITS.cookies);
    expect(new Set(result.map((cookie) => cookie.name)).size).toBe(result.length);
  });
});
