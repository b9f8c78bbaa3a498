import type { EvidenceRecord } from "../evidence-record.js";
import { defineFindings, type FindingSelect, isAdvertising } from "./finding-definition.js";

/** 13 months: the longest cookie lifetime that European regulators' guidance commonly refers to. */
export const LONG_LIFETIME_SECONDS = 395 * 24 * 3600;

const preConsent = (evidence: readonly EvidenceRecord[], kind: EvidenceRecord["kind"]) =>
  evidence.filter((record) => record.phase === "pre_consent" && record.kind === kind);

const preConsentAdvertisingTracker: FindingSelect = (evidence) => preConsent(evidence, "tracker_request").filter(isAdvertising);
const preConsentSessionReplay: FindingSelect = (evidence) =>
  preConsent(evidence, "tracker_request").filter((record) => record.category === "session_replay");
const preConsentAnalyticsTracker: FindingSelect = (evidence) =>
  preConsent(evidence, "tracker_request").filter((record) => record.purpose === "analytics" && record.category !== "session_replay");
const preConsentOtherThirdPartyTracker: FindingSelect = (evidence) =>
  preConsent(evidence, "tracker_request").filter(
    (record) => !isAdvertising(record) && record.purpose !== "analytics" && record.category !== "session_replay",
  );
const preConsentMarketingCookie: FindingSelect = (evidence) =>
  preConsent(evidence, "cookie").filter((record) => record.purpose === "marketing");
const preConsentAnalyticsCookie: FindingSelect = (evidence) =>
  preConsent(evidence, "cookie").filter((record) => record.purpose === "analytics");
const preConsentThirdPartyCookie: FindingSelect = (evidence) =>
  preConsent(evidence, "cookie").filter((record) => record.party === "third_party");
const preConsentTrackingStorage: FindingSelect = (evidence) =>
  preConsent(evidence, "storage_key").filter(
    (record) =>
      record.purpose === "marketing" ||
      record.purpose === "analytics" ||
      record.category === "session_replay" ||
      record.category === "advertising",
  );
const longLivedCookie: FindingSelect = (evidence) =>
  preConsent(evidence, "cookie").filter(
    (record) =>
      record.lifetimeSeconds !== null &&
      record.lifetimeSeconds > LONG_LIFETIME_SECONDS &&
      record.purpose !== "functional" &&
      record.purpose !== "security",
  );
const preConsentUnclassifiedCookie: FindingSelect = (evidence) =>
  preConsent(evidence, "cookie").filter((record) => record.purpose === "unknown");

/** Findings about what a page does before any consent interaction. */
export const PRE_CONSENT_FINDINGS = defineFindings([
  ["pre_consent_advertising_tracker", "high", "high", "trackers", "pre_consent", preConsentAdvertisingTracker],
  ["pre_consent_session_replay", "high", "high", "trackers", "pre_consent", preConsentSessionReplay],
  ["pre_consent_analytics_tracker", "medium", "high", "trackers", "pre_consent", preConsentAnalyticsTracker],
  ["pre_consent_other_third_party_tracker", "low", "medium", "trackers", "pre_consent", preConsentOtherThirdPartyTracker],
  ["pre_consent_marketing_cookie", "high", "high", "cookies", "pre_consent", preConsentMarketingCookie],
  ["pre_consent_analytics_cookie", "medium", "high", "cookies", "pre_consent", preConsentAnalyticsCookie],
  ["pre_consent_third_party_cookie", "medium", "high", "cookies", "pre_consent", preConsentThirdPartyCookie],
  ["pre_consent_tracking_storage", "medium", "medium", "storage", "pre_consent", preConsentTrackingStorage],
  ["long_lived_cookie", "low", "high", "cookies", "pre_consent", longLivedCookie],
  ["pre_consent_unclassified_cookie", "info", "low", "cookies", "pre_consent", preConsentUnclassifiedCookie],
]);
