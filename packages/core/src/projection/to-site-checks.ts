import type { PolicyDisclosures, PrivacyPolicyObservation } from "../observations/privacy-policy-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import type { TransportObservation } from "../observations/transport-observation.js";
import type { UsPrivacyObservation } from "../observations/us-privacy-observation.js";
import { CERTIFICATE_EXPIRY_WARNING_DAYS, HSTS_SHORT_MAX_AGE_SECONDS } from "./to-site-signals.js";

/**
 * - `passed`: observed, and as it should be;
 * - `issue`: observed, and worth a look (the findings say how much);
 * - `absent`: looked for and not found, where not finding it is not a problem on its own;
 * - `not_checked`: the step did not run or could not read it: never read as passed or failed.
 */
export type SiteCheckOutcome = "passed" | "issue" | "absent" | "not_checked";

export interface SiteCheck {
  /** Stable snake_case code of the check. */
  code: string;
  label: string;
  outcome: SiteCheckOutcome;
  /** What was seen, in words and numbers (a protocol, days to expiry, a count): never a URL or page text. */
  detail: string | null;
}

export interface SiteCheckGroup {
  area: "transport" | "privacy_policy" | "us_privacy";
  title: string;
  checks: SiteCheck[];
}

/**
 * Every transport, privacy-policy and US-law check of a scan, passed ones included: the checklist behind
 * the findings, which only name what needs a look. A step that did not run gives `not_checked` checks, so
 * a missing observation never reads as a pass. Projected once and stored with the report; an area the scan
 * did not observe at all has no group.
 */
export function toSiteChecks(observations: ScanObservations, context: { findingIds: ReadonlySet<string> }): SiteCheckGroup[] {
  const groups: SiteCheckGroup[] = [];
  if (observations.transport)
    groups.push({ area: "transport", title: "Transport and TLS", checks: transportChecks(observations.transport) });
  if (observations.privacyPolicy)
    groups.push({ area: "privacy_policy", title: "Privacy policy", checks: policyChecks(observations.privacyPolicy) });
  if (observations.usPrivacy)
    groups.push({
      area: "us_privacy",
      title: "US privacy signals (CCPA/CPRA)",
      checks: usChecks(observations.usPrivacy, context.findingIds),
    });
  return groups;
}

/** One check: its code and label, what came of it, and what was seen. */
const check = ([code, label]: readonly [string, string], outcome: SiteCheckOutcome, detail: string | null = null): SiteCheck => ({
  code,
  label,
  outcome,
  detail,
});

/** `true` passes, `false` is an issue (or `absent` when not finding it is no problem), null was not read. */
const fromBoolean = (value: boolean | null | undefined, whenFalse: "issue" | "absent" = "issue"): SiteCheckOutcome =>
  value === true ? "passed" : value === false ? whenFalse : "not_checked";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function transportChecks(transport: TransportObservation): SiteCheck[] {
  const { probe, browser } = transport.certificate;
  const certificate = probe ?? browser;
  const checks: SiteCheck[] = [];
  checks.push(
    check(
      ["served_over_https", "Page served over HTTPS"],
      transport.finalScheme === null ? "not_checked" : transport.finalScheme === "https" ? "passed" : "issue",
    ),
  );
  checks.push(
    transport.httpAvailable === false
      ? check(["http_redirects_to_https", "Plain HTTP redirects to HTTPS"], "passed", "Plain HTTP is not served at all.")
      : check(["http_redirects_to_https", "Plain HTTP redirects to HTTPS"], fromBoolean(transport.httpRedirectsToHttps)),
  );

  const expired = probe?.expired === true || browser?.expired === true || transport.browserCertificateError === "date_invalid";
  const untrusted =
    (probe !== null && !probe.authorized && probe.authorizationError !== "CERT_HAS_EXPIRED") ||
    probe?.subjectMatchesHost === false ||
    (transport.browserCertificateError !== null && transport.browserCertificateError !== "date_invalid");
  const issuer = certificate?.issuer ? `Issued by ${certificate.issuer}.` : null;
  checks.push(
    check(
      ["certificate_trusted", "Certificate trusted and matching the host"],
      certificate === null && transport.browserCertificateError === null ? "not_checked" : untrusted ? "issue" : "passed",
      issuer,
    ),
  );
  const days = [probe?.daysToExpiry, browser?.daysToExpiry].filter((value): value is number => typeof value === "number");
  const daysLeft = days.length > 0 ? Math.min(...days) : null;
  checks.push(
    check(
      ["certificate_not_expiring", `Certificate valid for more than ${CERTIFICATE_EXPIRY_WARNING_DAYS} days`],
      expired ? "issue" : daysLeft === null ? "not_checked" : daysLeft <= CERTIFICATE_EXPIRY_WARNING_DAYS ? "issue" : "passed",
      expired ? "Expired." : daysLeft === null ? null : `${plural(daysLeft, "day")} left.`,
    ),
  );
  const protocol = certificate?.protocol ?? null;
  checks.push(
    check(
      ["modern_tls", "TLS 1.2 or newer"],
      protocol === null || protocol === "other" ? "not_checked" : ["TLS 1.3", "TLS 1.2", "QUIC"].includes(protocol) ? "passed" : "issue",
      protocol === null || protocol === "other" ? null : `Negotiated ${protocol}${certificate?.cipher ? ` (${certificate.cipher})` : ""}.`,
    ),
  );
  const hsts = transport.hsts;
  checks.push(
    transport.finalScheme !== "https" || hsts === null
      ? check(["hsts", "HTTP Strict Transport Security (HSTS)"], "not_checked")
      : !hsts.present || !hsts.valid
        ? check(["hsts", "HTTP Strict Transport Security (HSTS)"], "issue", hsts.present ? "The header is malformed." : "No header.")
        : check(
            ["hsts", "HTTP Strict Transport Security (HSTS)"],
            (hsts.maxAgeSeconds ?? 0) < HSTS_SHORT_MAX_AGE_SECONDS ? "issue" : "passed",
            [
              `max-age ${plural(Math.floor((hsts.maxAgeSeconds ?? 0) / 86_400), "day")}`,
              ...(hsts.includeSubDomains ? ["includeSubDomains"] : []),
              ...(hsts.preload ? ["preload"] : []),
            ].join(", ") + ".",
          ),
  );
  const mixed = transport.mixedContent;
  checks.push(
    check(
      ["no_mixed_content", "No insecure (http) content loaded"],
      mixed === null ? "not_checked" : mixed.allowed > 0 ? "issue" : "passed",
      mixed === null || mixed.blocked + mixed.upgraded + mixed.allowed === 0
        ? null
        : `${mixed.allowed} loaded, ${mixed.upgraded} upgraded to HTTPS, ${mixed.blocked} blocked by the browser.`,
    ),
  );
  checks.push(
    check(
      ["secure_cookies", "Cookies marked Secure"],
      transport.cookiesWithoutSecure === null ? "not_checked" : transport.cookiesWithoutSecure > 0 ? "issue" : "passed",
      transport.cookiesWithoutSecure ? `${plural(transport.cookiesWithoutSecure, "cookie")} without Secure.` : null,
    ),
  );
  const referrer = transport.privacyHeaders?.referrerPolicy;
  checks.push(
    check(
      ["referrer_policy", "Referrer-Policy does not leak full URLs"],
      transport.privacyHeaders === null || transport.privacyHeaders === undefined
        ? "not_checked"
        : referrer === "unsafe-url" || referrer === "no-referrer-when-downgrade"
          ? "issue"
          : "passed",
      referrer === null || referrer === undefined
        ? transport.privacyHeaders
          ? "No header: browsers default to strict-origin-when-cross-origin."
          : null
        : `${referrer}.`,
    ),
  );
  return checks;
}

/** The GDPR Art. 13 disclosures the policy analysis looks for, in the order of the article. */
const DISCLOSURE_LABELS: { readonly [Key in keyof PolicyDisclosures]: string } = {
  controllerContact: "Who the controller is, and how to contact them",
  dataProtectionOfficer: "Data protection officer's contact",
  purposes: "Purposes of processing",
  legalBases: "Legal bases",
  recipients: "Recipients or categories of recipients",
  internationalTransfers: "Transfers outside the EU/EEA",
  retention: "How long data is kept",
  dataSubjectRights: "Data subject rights (access, erasure, ...)",
  withdrawConsent: "How to withdraw consent",
  complaintToAuthority: "Right to complain to a supervisory authority",
  cookies: "Cookies and similar technologies",
  automatedDecisions: "Automated decision-making",
};

const FOUND_IN: Record<PrivacyPolicyObservation["link"]["foundIn"], string> = {
  footer: "Linked from the page footer.",
  banner: "Linked from the consent banner.",
  body: "Linked from the page.",
  common_path: "Found at a common address, not linked from the page.",
  none: "No link found.",
};

const TEXT_LENGTHS: Record<NonNullable<PrivacyPolicyObservation["textLength"]>, string> = {
  under_1k: "under 1,000 characters",
  "1k_to_5k": "1,000 to 5,000 characters",
  "5k_to_20k": "5,000 to 20,000 characters",
  over_20k: "over 20,000 characters",
};

function policyChecks(policy: PrivacyPolicyObservation): SiteCheck[] {
  const checks: SiteCheck[] = [];
  const discovered = policy.steps.discovery === "ok";
  const found = policy.link.foundIn !== "none";
  checks.push(
    check(
      ["privacy_policy_link", "Privacy policy linked from the page"],
      !discovered ? "not_checked" : !found ? "issue" : policy.link.foundIn === "common_path" ? "absent" : "passed",
      discovered ? FOUND_IN[policy.link.foundIn] : null,
    ),
  );
  const fetched = policy.fetchStatus === "ok";
  const language = policy.language === null ? null : `Language ${policy.language}`;
  const length = policy.textLength === null ? null : TEXT_LENGTHS[policy.textLength];
  checks.push(
    check(
      ["privacy_policy_readable", "Privacy policy page readable"],
      policy.fetchStatus === "skipped" || !found ? "not_checked" : fetched ? "passed" : "issue",
      fetched
        ? [language, length].filter((part) => part !== null).join(", ") + "."
        : policy.fetchStatus === "skipped"
          ? null
          : `Fetch: ${policy.fetchStatus.replace(/_/g, " ")}.`,
    ),
  );
  for (const [key, label] of Object.entries(DISCLOSURE_LABELS) as Array<[keyof PolicyDisclosures, string]>) {
    checks.push(check([`discloses_${key}`, label], fromBoolean(policy.disclosures?.[key])));
  }
  const notNamed = policy.vendorsNotNamed;
  checks.push(
    check(
      ["vendors_named", "Vendors seen on the page are named in the policy"],
      notNamed === null || (policy.vendorsChecked ?? 0) === 0 ? "not_checked" : notNamed.length > 0 ? "issue" : "passed",
      notNamed === null || (policy.vendorsChecked ?? 0) === 0
        ? null
        : notNamed.length > 0
          ? `Not named: ${notNamed.slice(0, 5).join(", ")}${notNamed.length > 5 ? ` and ${notNamed.length - 5} more` : ""}.`
          : `${plural(policy.vendorsChecked ?? 0, "vendor")} checked.`,
    ),
  );
  return checks;
}

const GPC_JSON_DETAIL: Record<NonNullable<UsPrivacyObservation["gpcJson"]>["status"], string> = {
  found: "Found.",
  not_found: "Not published (optional).",
  invalid: "Published, but not valid JSON of the GPC specification.",
  unreachable: "Could not be fetched.",
};

function usChecks(us: UsPrivacyObservation, findingIds: ReadonlySet<string>): SiteCheck[] {
  const links = us.steps.links === "ok";
  const optOut =
    us.doNotSellOrShareLink === true || us.yourPrivacyChoicesLink === true
      ? "passed"
      : us.doNotSellOrShareLink === false && us.yourPrivacyChoicesLink === false
        ? // Missing links are a finding only where advertising trackers ran (the finding says why).
          findingIds.has("us_opt_out_link_not_found")
          ? "issue"
          : "absent"
        : "not_checked";
  const named = [
    ...(us.doNotSellOrShareLink === true ? ["“Do Not Sell or Share My Personal Information”"] : []),
    ...(us.yourPrivacyChoicesLink === true ? ["“Your Privacy Choices”"] : []),
  ];
  const gpcJson = us.gpcJson;
  const gpc = us.gpcPass;
  const advertising = gpc.advertisingVendors ?? [];
  return [
    check(
      ["us_opt_out_link", "Opt-out link (sale or sharing of personal information)"],
      links ? optOut : "not_checked",
      named.length > 0 ? `${named.join(" and ")}.` : null,
    ),
    check(
      ["us_limit_sensitive_link", "“Limit the Use of My Sensitive Personal Information” link"],
      links ? fromBoolean(us.limitSensitiveLink, "absent") : "not_checked",
    ),
    check(["us_privacy_choices_icon", "Privacy choices icon"], links ? fromBoolean(us.privacyChoicesIcon, "absent") : "not_checked"),
    check(["us_notice_at_collection", "Notice at collection"], links ? fromBoolean(us.noticeAtCollection, "absent") : "not_checked"),
    check(
      ["gpc_json", "GPC support declared at /.well-known/gpc.json"],
      us.steps.gpcJson !== "ok" || gpcJson === null || gpcJson.status === "unreachable"
        ? "not_checked"
        : gpcJson.status === "invalid"
          ? "issue"
          : gpcJson.status === "found" && gpcJson.gpc === true
            ? "passed"
            : "absent",
      gpcJson === null
        ? null
        : gpcJson.status === "found" && gpcJson.gpc === false
          ? "Published, declaring no GPC support."
          : GPC_JSON_DETAIL[gpcJson.status],
    ),
    check(
      ["gpc_honoured", "No advertising vendor loaded under Global Privacy Control"],
      gpc.status !== "completed" || gpc.advertisingVendors === null ? "not_checked" : advertising.length > 0 ? "issue" : "passed",
      advertising.length > 0
        ? `Loaded: ${advertising.slice(0, 5).join(", ")}${advertising.length > 5 ? ` and ${advertising.length - 5} more` : ""}.`
        : null,
    ),
  ];
}
