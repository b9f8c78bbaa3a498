import type { EvidenceRecord } from "../evidence-record.js";
import { defineFindings, type FindingSelect, isAdvertising } from "./finding-definition.js";

const inPhase = (evidence: readonly EvidenceRecord[], phase: EvidenceRecord["phase"]) =>
  evidence.filter((record) => record.phase === phase);
const signal = (evidence: readonly EvidenceRecord[], name: string) =>
  evidence.filter((record) => record.kind === "consent_signal" && record.name === name);
/** Tracking the consent choice is about: advertising, analytics and session replay (not tag managers or embeds alone). */
const isConsentTracking = (record: EvidenceRecord) =>
  record.kind === "tracker_request" && (isAdvertising(record) || record.purpose === "analytics" || record.category === "session_replay");
const isConsentCookieOrStorage = (record: EvidenceRecord) =>
  (record.kind === "cookie" || record.kind === "storage_key") && (record.purpose === "marketing" || record.purpose === "analytics");
const identity = (record: EvidenceRecord) => `${record.kind}|${record.host ?? ""}|${record.name ?? ""}`;

const consentRejectNotOnFirstLayer: FindingSelect = (evidence) => signal(evidence, "reject_behind_settings");
const noConsentBannerWithTracking: FindingSelect = (evidence) => {
  if (signal(evidence, "no_banner_detected").length === 0) return [];
  return inPhase(evidence, "pre_consent").filter((record) => isConsentTracking(record) || isConsentCookieOrStorage(record));
};
const trackingAfterReject: FindingSelect = (evidence) =>
  signal(evidence, "reject_succeeded").length === 0 ? [] : inPhase(evidence, "after_reject").filter(isConsentTracking);
const cookiesSetAfterReject: FindingSelect = (evidence) => {
  if (signal(evidence, "reject_succeeded").length === 0) return [];
  const before = new Set(inPhase(evidence, "pre_consent").map(identity));
  return inPhase(evidence, "after_reject").filter((record) => isConsentCookieOrStorage(record) && !before.has(identity(record)));
};
const advertisingDespiteGpc: FindingSelect = (evidence) =>
  signal(evidence, "gpc_signal_sent").length === 0
    ? []
    : inPhase(evidence, "gpc").filter((record) => record.kind === "tracker_request" && isAdvertising(record));

const GOOGLE_STORAGE_OF_PURPOSE = {
  analytics: "consent_mode_analytics_storage_denied",
  marketing: "consent_mode_ad_storage_denied",
} as const;
const consentModeGrantedBeforeChoice: FindingSelect = (evidence) =>
  inPhase(signal(evidence, "consent_mode_storage_granted"), "pre_consent");
const consentModeGrantedAfterReject: FindingSelect = (evidence) =>
  signal(evidence, "reject_succeeded").length === 0 ? [] : inPhase(signal(evidence, "consent_mode_storage_granted"), "after_reject");
/**
 * Google's cookies of a purpose set in a phase whose consent mode denied that purpose's storage. After
 * reject, only cookies the phase added count: one set before the choice (under a granted default, say) and
 * still there was not set while storage was denied.
 */
const googleCookiesWhileStorageDenied: FindingSelect = (evidence) => {
  const before = new Set(inPhase(evidence, "pre_consent").map(identity));
  return (["pre_consent", "after_reject"] as const).flatMap((phase) => {
    const denied = new Set(
      inPhase(evidence, phase)
        .filter((record) => record.kind === "consent_signal")
        .map((record) => record.name),
    );
    return inPhase(evidence, phase).filter(
      (record) =>
        record.kind === "cookie" &&
        record.vendor === "Google" &&
        (record.purpose === "analytics" || record.purpose === "marketing") &&
        denied.has(GOOGLE_STORAGE_OF_PURPOSE[record.purpose]) &&
        (phase === "pre_consent" || !before.has(identity(record))),
    );
  });
};
const googleTagWithoutConsentMode: FindingSelect = (evidence) => signal(evidence, "google_tag_without_consent_mode");

/**
 * On the next page after a successful reject: requests to advertising, analytics or session-replay vendors
 * (the page's own load, after the choice was stored), and marketing or analytics cookies or storage keys
 * there neither before consent nor after reject.
 */
const trackingOnNextPageAfterReject: FindingSelect = (evidence) => {
  if (signal(evidence, "reject_succeeded").length === 0) return [];
  const before = new Set([...inPhase(evidence, "pre_consent"), ...inPhase(evidence, "after_reject")].map(identity));
  return inPhase(evidence, "reject_next_page").filter(
    (record) => isConsentTracking(record) || (isConsentCookieOrStorage(record) && !before.has(identity(record))),
  );
};

const tcfConsentAfterReject: FindingSelect = (evidence) =>
  signal(evidence, "reject_succeeded").length === 0 ? [] : signal(evidence, "tcf_consent_after_reject");

/** Findings about the consent banner and about what happens after reject, after accept and under GPC. */
export const CONSENT_FINDINGS = defineFindings([
  ["consent_banner_accept_only", "high", "medium", "consent", "pre_consent", (evidence) => signal(evidence, "accept_only")],
  ["consent_reject_not_on_first_layer", "medium", "medium", "consent", "pre_consent", consentRejectNotOnFirstLayer],
  ["consent_notice_without_choice", "medium", "medium", "consent", "pre_consent", (evidence) => signal(evidence, "cosmetic_only")],
  ["consent_reject_styled_as_link", "medium", "medium", "consent", "pre_consent", (evidence) => signal(evidence, "reject_styled_as_link")],
  ["consent_choices_pre_ticked", "medium", "medium", "consent", "pre_consent", (evidence) => signal(evidence, "choices_pre_ticked")],
  ["no_consent_banner_with_tracking", "high", "medium", "consent", "pre_consent", noConsentBannerWithTracking],
  ["tracking_after_reject", "high", "high", "consent", "after_reject", trackingAfterReject],
  ["cookies_set_after_reject", "high", "high", "consent", "after_reject", cookiesSetAfterReject],
  ["advertising_despite_gpc", "medium", "high", "us_privacy", "gpc", advertisingDespiteGpc],
  ["consent_mode_storage_granted_before_choice", "high", "high", "consent", "pre_consent", consentModeGrantedBeforeChoice],
  ["consent_mode_storage_granted_after_reject", "high", "high", "consent", "after_reject", consentModeGrantedAfterReject],
  ["google_cookies_while_storage_denied", "high", "medium", "consent", null, googleCookiesWhileStorageDenied],
  ["google_tag_without_consent_mode", "low", "high", "consent", "pre_consent", googleTagWithoutConsentMode],
  ["tracking_on_next_page_after_reject", "high", "high", "consent", "reject_next_page", trackingOnNextPageAfterReject],
  [
    "consent_banner_returns_after_reject",
    "medium",
    "high",
    "consent",
    "reject_next_page",
    (evidence) => signal(evidence, "banner_returned_after_reject"),
  ],
  [
    "consent_not_kept_after_accept",
    "low",
    "high",
    "consent",
    "accept_next_page",
    (evidence) => signal(evidence, "banner_returned_after_accept"),
  ],
  ["tcf_consent_before_choice", "high", "high", "consent", "pre_consent", (evidence) => signal(evidence, "tcf_consent_before_choice")],
  ["tcf_consent_after_reject", "high", "high", "consent", "after_reject", tcfConsentAfterReject],
  [
    "tcf_legitimate_interest_not_allowed",
    "medium",
    "high",
    "consent",
    null,
    (evidence) => signal(evidence, "tcf_legitimate_interest_not_allowed"),
  ],
]);
