import { readRecordedObservations } from "@public-scan/recorded-scans";
import type { ScanObservations } from "../../src/observations/scan-observations.js";

/** The Daily Courier as the fixture web recorded it: a news site with trackers before consent. */
export const courier = () => readRecordedObservations("daily-courier") as ScanObservations;

/** The Daily Courier's "next version": the same page with one more advertising tracker before consent. */
export function withTikTok(observations: ScanObservations): ScanObservations {
  const pixel = {
    ...observations.requests.find((request) => request.host === "connect.facebook.net")!,
    host: "analytics.tiktok.com",
    registrableDomain: "tiktok.com",
    classification: { vendor: "TikTok", purpose: "marketing" as const, category: "advertising", sources: ["tracker_catalogue" as const] },
  };
  return { ...observations, requests: [...observations.requests, pixel] };
}
