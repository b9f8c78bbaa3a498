import { flag, host, list, record, text } from "./ground-truth-fields.js";

export type PolicyFoundIn = "footer" | "banner" | "body" | "common_path" | "none";
export type PolicyFetchStatus = "ok" | "not_found" | "unreachable" | "refused" | "timed_out" | "not_html" | "empty" | "skipped";
export type GpcJsonStatus = "found" | "not_found" | "invalid" | "unreachable";

/** The 12 GDPR Art. 13/14 disclosures, as core's `PolicyDisclosuresSchema` names them. */
export const DISCLOSURE_NAMES = [
  "controllerContact",
  "dataProtectionOfficer",
  "purposes",
  "legalBases",
  "recipients",
  "internationalTransfers",
  "retention",
  "dataSubjectRights",
  "withdrawConsent",
  "complaintToAuthority",
  "cookies",
  "automatedDecisions",
] as const;
export type DisclosureName = (typeof DISCLOSURE_NAMES)[number];

/**
 * What a scan must report about a site's privacy policy and US-law signals, in the scanner's terms
 * (`PrivacyPolicyObservation` and `UsPrivacyObservation` in @public-scan/core). Written from the pages.
 */
export interface PrivacyGroundTruth {
  policy: {
    foundIn: PolicyFoundIn;
    /** Host the policy is served from; null without a link. */
    host: string | null;
    fetchStatus: PolicyFetchStatus;
    /** ISO 639-1 code of the policy's language; null when it is not read. */
    language: string | null;
    /** Each disclosure the text makes (`true`) or does not (`false`); null when the policy is not read. */
    disclosures: Record<DisclosureName, boolean> | null;
    /** Vendors of the site's trackers the policy does not name; null when the policy is not read. */
    vendorsNotNamed: string[] | null;
  };
  usPrivacy: {
    doNotSellOrShareLink: boolean;
    limitSensitiveLink: boolean;
    yourPrivacyChoicesLink: boolean;
    privacyChoicesIcon: boolean;
    noticeAtCollection: boolean;
    gpcJson: { status: GpcJsonStatus; gpc: boolean | null; lastUpdate: boolean };
  };
}

const FOUND_IN: readonly string[] = ["footer", "banner", "body", "common_path", "none"] satisfies PolicyFoundIn[];
const FETCH_STATUSES: readonly string[] = [
  "ok",
  "not_found",
  "unreachable",
  "refused",
  "timed_out",
  "not_html",
  "empty",
  "skipped",
] satisfies PolicyFetchStatus[];
const GPC_STATUSES: readonly string[] = ["found", "not_found", "invalid", "unreachable"] satisfies GpcJsonStatus[];

/** Checks the `privacy` key of a ground-truth file, strictly like the rest of it. */
export function parsePrivacyGroundTruth(value: unknown): PrivacyGroundTruth {
  const where = "$.privacy";
  const root = record(value, where, ["policy", "usPrivacy"]);
  const policy = record(root.policy, `${where}.policy`, ["foundIn", "host", "fetchStatus", "language", "disclosures", "vendorsNotNamed"]);
  const us = record(root.usPrivacy, `${where}.usPrivacy`, [
    "doNotSellOrShareLink",
    "limitSensitiveLink",
    "yourPrivacyChoicesLink",
    "privacyChoicesIcon",
    "noticeAtCollection",
    "gpcJson",
  ]);
  const gpc = record(us.gpcJson, `${where}.usPrivacy.gpcJson`, ["status", "gpc", "lastUpdate"]);
  const disclosures = policy.disclosures === null ? null : record(policy.disclosures, `${where}.policy.disclosures`, DISCLOSURE_NAMES);
  const language = policy.language === null ? null : text(policy.language, `${where}.policy.language`);
  if (language !== null && !/^[a-z]{2,3}$/.test(language)) throw new Error(`${where}.policy.language: expected an ISO 639 code`);
  return {
    policy: {
      foundIn: oneOf(policy.foundIn, FOUND_IN, `${where}.policy.foundIn`) as PolicyFoundIn,
      host: policy.host === null ? null : host(policy.host, `${where}.policy.host`),
      fetchStatus: oneOf(policy.fetchStatus, FETCH_STATUSES, `${where}.policy.fetchStatus`) as PolicyFetchStatus,
      language,
      disclosures:
        disclosures === null
          ? null
          : (Object.fromEntries(
              DISCLOSURE_NAMES.map((name) => [name, flag(disclosures[name], `${where}.policy.disclosures.${name}`)]),
            ) as Record<DisclosureName, boolean>),
      vendorsNotNamed:
        policy.vendorsNotNamed === null
          ? null
          : list(policy.vendorsNotNamed, `${where}.policy.vendorsNotNamed`).map((item, index) =>
              text(item, `${where}.policy.vendorsNotNamed[${index}]`),
            ),
    },
    usPrivacy: {
      doNotSellOrShareLink: flag(us.doNotSellOrShareLink, `${where}.usPrivacy.doNotSellOrShareLink`),
      limitSensitiveLink: flag(us.limitSensitiveLink, `${where}.usPrivacy.limitSensitiveLink`),
      yourPrivacyChoicesLink: flag(us.yourPrivacyChoicesLink, `${where}.usPrivacy.yourPrivacyChoicesLink`),
      privacyChoicesIcon: flag(us.privacyChoicesIcon, `${where}.usPrivacy.privacyChoicesIcon`),
      noticeAtCollection: flag(us.noticeAtCollection, `${where}.usPrivacy.noticeAtCollection`),
      gpcJson: {
        status: oneOf(gpc.status, GPC_STATUSES, `${where}.usPrivacy.gpcJson.status`) as GpcJsonStatus,
        gpc: gpc.gpc === null ? null : flag(gpc.gpc, `${where}.usPrivacy.gpcJson.gpc`),
        lastUpdate: flag(gpc.lastUpdate, `${where}.usPrivacy.gpcJson.lastUpdate`),
      },
    },
  };
}

function oneOf(value: unknown, allowed: readonly string[], where: string): string {
  const name = text(value, where);
  if (!allowed.includes(name)) throw new Error(`${where}: expected one of ${allowed.join(", ")}`);
  return name;
}
