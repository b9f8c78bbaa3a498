/**
 * The vendor behind each simulated tracker host, in the names the ground truth uses. A host counts for a
 * site's ground truth when the browser sends it any request before consent.
 */
export const TRACKER_VENDORS = {
  "www.googletagmanager.com": "Google",
  "region1.google-analytics.com": "Google",
  "www.google-analytics.com": "Google",
  "ad.doubleclick.net": "Google",
  "www.youtube.com": "Google",
  "connect.facebook.net": "Meta",
  "www.facebook.com": "Meta",
  "static.hotjar.com": "Hotjar",
  "script.hotjar.com": "Hotjar",
  "cdn.segment.com": "Segment",
  "api.segment.io": "Segment",
  "snap.licdn.com": "LinkedIn",
  "px.ads.linkedin.com": "LinkedIn",
  "www.clarity.ms": "Microsoft",
  // A customer messenger, not an analytics tag: the scanner gives its hosts the purpose of its cookies.
  "widget.intercom.io": "Intercom",
  "js.intercomcdn.com": "Intercom",
  "api-iam.intercom.io": "Intercom",
} as const;

export type TrackerVendor = (typeof TRACKER_VENDORS)[keyof typeof TRACKER_VENDORS];
