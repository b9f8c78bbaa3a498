import type { Regime, ScoreLens } from "../../contract/index.js";

const EU: readonly Regime[] = ["eu_opt_in"];
const US: readonly Regime[] = ["us_opt_out"];
const BOTH: readonly Regime[] = ["eu_opt_in", "us_opt_out"];

/**
 * The readings each finding is a review point under (docs/scoring.md "Readings"). What happens before a
 * choice, how the banner offers it, and the TCF's and Google's consent signals are the EU opt-in rule's: US
 * state laws let tracking start and ask for an opt-out. Tracking that goes on after the visitor refused is a
 * refused opt-out under both. GPC and the opt-out link are the US laws'. Transport security and the privacy
 * policy concern both (naming each recipient is GDPR's transparency rule; US laws ask for categories).
 */
export const FINDING_REGIMES: Readonly<Record<string, readonly Regime[]>> = {
  pre_consent_advertising_tracker: EU,
  pre_consent_session_replay: EU,
  pre_consent_analytics_tracker: EU,
  pre_consent_other_third_party_tracker: EU,
  pre_consent_marketing_cookie: EU,
  pre_consent_analytics_cookie: EU,
  pre_consent_third_party_cookie: EU,
  pre_consent_tracking_storage: EU,
  long_lived_cookie: EU,
  pre_consent_unclassified_cookie: EU,
  consent_banner_accept_only: EU,
  consent_reject_not_on_first_layer: EU,
  consent_notice_without_choice: EU,
  consent_reject_styled_as_link: EU,
  consent_choices_pre_ticked: EU,
  no_consent_banner_with_tracking: EU,
  tracking_after_reject: BOTH,
  cookies_set_after_reject: BOTH,
  advertising_despite_gpc: US,
  consent_mode_storage_granted_before_choice: EU,
  consent_mode_storage_granted_after_reject: BOTH,
  google_cookies_while_storage_denied: EU,
  google_tag_without_consent_mode: EU,
  tracking_on_next_page_after_reject: BOTH,
  consent_banner_returns_after_reject: EU,
  consent_not_kept_after_accept: EU,
  tcf_consent_before_choice: EU,
  tcf_consent_after_reject: EU,
  tcf_legitimate_interest_not_allowed: EU,
  https_not_available: BOTH,
  certificate_expired: BOTH,
  certificate_not_trusted: BOTH,
  certificate_expires_soon: BOTH,
  http_not_redirected_to_https: BOTH,
  mixed_content_loaded: BOTH,
  referrer_policy_leaks_full_urls: BOTH,
  hsts_missing: BOTH,
  cookies_without_secure: BOTH,
  hsts_short_max_age: BOTH,
  privacy_policy_not_found: BOTH,
  policy_disclosures_not_observed: BOTH,
  vendors_not_named_in_policy: EU,
  us_opt_out_link_not_found: US,
  gpc_support_file_invalid: US,
  gpc_not_reflected_in_privacy_strings: US,
  gpc_support_claimed_not_honoured: US,
};

/** A finding's readings; a finding this table does not know (a newer catalogue's) concerns both. */
export const regimesOf = (findingId: string): Regime[] => [...(FINDING_REGIMES[findingId] ?? BOTH)];

/** Whether a finding counts toward a score read under `lens` (every finding counts under `combined`). */
export const countsUnder = (findingId: string, lens: ScoreLens): boolean => lens === "combined" || regimesOf(findingId).includes(lens);
