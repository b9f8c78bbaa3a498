import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import type { ConsentObservation } from "../../src/observations/consent-observation.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toEvidence } from "../../src/projection/to-evidence.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { toVisitTimeline, VISIT_TIMELINE_HITS } from "../../src/projection/to-visit-timeline.js";
import { toTimelineEntries } from "../../src/render/to-timeline-entries.js";

/** The daily courier's recorded visit, timed: each request group's first time is given by host. */
function timedCourier(options: {
  times: ScanObservations["visitTimes"];
  firstSeen: (host: string, index: number) => number;
  withBanner?: boolean;
}): ScanObservations {
  const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
  return ScanObservationsSchema.parse({
    ...recorded,
    requests: recorded.requests.map((request, index) => ({ ...request, firstSeenMs: options.firstSeen(request.host, index) })),
    ...(options.withBanner === undefined ? {} : { consent: bannerObservation(options.withBanner) }),
    visitTimes: options.times,
  });
}

/** A consent observation of a banner (of a CMP autoconsent does not know) shown or not. */
function bannerObservation(visible: boolean): ConsentObservation {
  return {
    status: "ok",
    reason: null,
    steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
    cmp: visible ? "heuristic" : null,
    detectedBy: visible ? "heuristic" : null,
    bannerVisible: visible,
    frame: visible ? "main_frame" : null,
    inShadowDom: visible ? false : null,
    firstLayer: null,
    classification: visible ? "accept_only" : "no_banner_detected",
    apis: { tcf: false, gpp: false, usp: false },
    tcf: null,
  };
}

const TIMES = { bannerShownMs: 900, preConsentSnapshotMs: 3000, rejectMs: 3010, afterRejectSnapshotMs: 6000 };

describe("the visit timeline", () => {
  it("places each tracker host at its earliest request of the phase, earliest first, among the visit's moments", () => {
    // Two request groups of connect.facebook.net: the earlier one (index order) gives its time.
    const observations = timedCourier({
      times: TIMES,
      firstSeen: (host, index) => (host === "connect.facebook.net" ? 2000 - index * 10 : 100 + index * 50),
    });
    const timeline = toVisitTimeline(observations, toEvidence(observations))!;
    expect(timeline.marks).toEqual([
      { kind: "banner_shown", atMs: 900 },
      { kind: "pre_consent_snapshot", atMs: 3000 },
      { kind: "reject", atMs: 3010 },
      { kind: "after_reject_snapshot", atMs: 6000 },
    ]);
    const facebook = observations.requests
      .map((request, index) => ({ request, index }))
      .filter(({ request }) => request.host === "connect.facebook.net");
    expect(timeline.hits.find((hit) => hit.host === "connect.facebook.net")).toEqual({
      atMs: 2000 - facebook.at(-1)!.index * 10,
      host: "connect.facebook.net",
      vendor: "Meta",
      party: "third_party",
      phase: "pre_consent",
      requests: 2,
    });
    // Trackers only: the site's own hosts and an unlisted embed are not "what fired".
    const hosts = timeline.hits.map((hit) => hit.host);
    expect(hosts).not.toContain("www.daily-courier.test");
    expect(hosts).toContain("www.googletagmanager.com");
    expect(timeline.hits.map((hit) => hit.atMs)).toEqual([...timeline.hits.map((hit) => hit.atMs)].sort((a, b) => a - b));
    expect(timeline.endMs).toBe(6000);
    expect(timeline.hiddenHits).toBe(0);
  });

  it("is stored with the report, and absent for scans that recorded no times and for a no-go", () => {
    const observations = timedCourier({ times: TIMES, firstSeen: () => 500 });
    expect(toScanReport(observations).timeline).toEqual(toVisitTimeline(observations, toEvidence(observations)));
    const untimed = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
    expect(toScanReport(untimed)).not.toHaveProperty("timeline");
    const noGo = ScanObservationsSchema.parse({ ...(readRecordedObservations("bot-challenge") as object), visitTimes: TIMES });
    expect(toScanReport(noGo)).not.toHaveProperty("timeline");
  });

  it("marks a banner only the snapshot found at the snapshot, and no banner when none was seen", () => {
    const found = timedCourier({ times: { ...TIMES, bannerShownMs: null }, firstSeen: () => 10, withBanner: true });
    expect(toVisitTimeline(found, toEvidence(found))!.marks[0]).toEqual({ kind: "banner_found", atMs: 3000 });
    const none = timedCourier({
      times: { ...TIMES, bannerShownMs: null, rejectMs: null, afterRejectSnapshotMs: null },
      firstSeen: () => 10,
      withBanner: false,
    });
    expect(toVisitTimeline(none, toEvidence(none))!.marks).toEqual([{ kind: "pre_consent_snapshot", atMs: 3000 }]);
  });

  it(`keeps the first ${VISIT_TIMELINE_HITS} tracker hosts and counts the rest`, () => {
    const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
    const tracker = recorded.requests.find((request) => request.host === "ad.doubleclick.net")!;
    const many = Array.from({ length: VISIT_TIMELINE_HITS + 5 }, (_, index) => ({
      ...tracker,
      host: `t${index}.doubleclick.net`,
      firstSeenMs: 5000 - index,
    }));
    const observations = ScanObservationsSchema.parse({ ...recorded, requests: many, visitTimes: TIMES });
    const timeline = toVisitTimeline(observations, toEvidence(observations))!;
    expect(timeline.hits).toHaveLength(VISIT_TIMELINE_HITS);
    expect(timeline.hiddenHits).toBe(5);
    expect(timeline.hits[0]!.host).toBe(`t${VISIT_TIMELINE_HITS + 4}.doubleclick.net`);
  });

  it("reads as one list from the page request: a moment before what it set off at the same time", () => {
    const entries = toTimelineEntries({
      marks: [{ kind: "reject", atMs: 3000 }],
      hits: [{ atMs: 3000, host: "a.example", vendor: "Acme", party: "third_party", phase: "after_reject", requests: 1 }],
      hiddenHits: 0,
      endMs: 3000,
    });
    expect(entries.map((entry) => `${entry.time} ${entry.text}`)).toEqual([
      "0.0 s Page requested",
      "3.0 s Reject used on the banner",
      "3.0 s Acme contacted (a.example, 1 request) after reject",
    ]);
  });
});
