import { beforeAll, describe, expect, it } from "vitest";
import type { ResourceType } from "@public-scan/core";
import { ResourceTypeSchema } from "@public-scan/core";
import {
  ADBLOCKER_REQUEST_TYPE,
  createTrackerListMatcher,
  type TrackerListMatcher,
} from "../../src/classify/create-tracker-list-matcher.js";

const PAGE = "https://www.example.com/";
let matcher: TrackerListMatcher;
const listed = (url: string, resourceType: ResourceType, documentUrl = PAGE) => matcher.isListedTracker({ url, resourceType, documentUrl });

describe("createTrackerListMatcher (EasyPrivacy)", () => {
  beforeAll(async () => {
    matcher = await createTrackerListMatcher();
  });

  it("reports the list's version", () => {
    expect(matcher.version).toBe("202502102233");
  });

  it("lists well-known tracking requests", () => {
    expect(listed("https://www.google-analytics.com/g/collect?v=2&tid=G-TEST", "ping")).toBe(true);
    expect(listed("https://region1.google-analytics.com/g/collect?v=2", "beacon")).toBe(true);
    expect(listed("https://www.googletagmanager.com/gtag/js?id=G-TEST", "script")).toBe(true);
    expect(listed("https://www.facebook.com/tr/?id=1&ev=PageView", "image")).toBe(true);
    expect(listed("https://static.hotjar.com/c/hotjar-1.js?sv=6", "script")).toBe(true);
    expect(listed("https://bat.bing.com/bat.js", "script")).toBe(true);
  });

  it("does not list ordinary first-party or content requests", () => {
    expect(listed("https://www.example.com/logo.png", "image")).toBe(false);
    expect(listed("https://www.example.com/", "document", "https://www.example.com/")).toBe(false);
    expect(listed("https://www.youtube-nocookie.com/embed/abc", "subdocument")).toBe(false);
  });

  it("honours the request type: EasyPrivacy's `$ping,third-party` rule lists beacons, not images or XHR", () => {
    expect(listed("https://api.example.org/events", "beacon")).toBe(true);
    expect(listed("https://api.example.org/events", "ping")).toBe(true);
    expect(listed("https://api.example.org/events", "image")).toBe(false);
    expect(listed("https://api.example.org/events", "fetch")).toBe(false);
    // ... and only third-party ones.
    expect(listed("https://www.example.com/events", "beacon")).toBe(false);
  });

  it("honours the list's third-party options through the document URL", () => {
    // `||hotjar.com^$third-party`: tracking on someone else's site, not on hotjar.com itself.
    expect(listed("https://static.hotjar.com/c/hotjar-1.js", "script", "https://www.hotjar.com/")).toBe(false);
  });

  it("honours the list's exception rules", () => {
    // `@@||google-analytics.com/analytics.js$domain=...|unicef.de|...` allows the script on that site only.
    expect(listed("https://www.google-analytics.com/analytics.js", "script")).toBe(true);
    expect(listed("https://www.google-analytics.com/analytics.js", "script", "https://www.unicef.de/")).toBe(false);
  });

  it("answers false for URLs that are not http(s) or ws(s)", () => {
    expect(listed("data:image/gif;base64,R0lGODlhAQABAAAAACw=", "image")).toBe(false);
    expect(listed("not a url", "other")).toBe(false);
  });
});

describe("ADBLOCKER_REQUEST_TYPE", () => {
  it("maps every resource type of the observation schema", () => {
    expect(Object.keys(ADBLOCKER_REQUEST_TYPE).sort()).toEqual([...ResourceTypeSchema.options].sort());
    expect(ADBLOCKER_REQUEST_TYPE.beacon).toBe("ping");
    expect(ADBLOCKER_REQUEST_TYPE.fetch).toBe("xmlhttprequest");
    expect(ADBLOCKER_REQUEST_TYPE.subdocument).toBe("sub_frame");
    expect(ADBLOCKER_REQUEST_TYPE.document).toBe("main_frame");
  });
});
