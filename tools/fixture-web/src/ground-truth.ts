import { flag, host, list, record, text, type StorageKind } from "./ground-truth-fields.js";
import { parsePhasesGroundTruth, type PhasesGroundTruth } from "./parse-phase-ground-truth.js";
import { parseTransportGroundTruth, type TransportGroundTruth } from "./parse-transport-ground-truth.js";
import { parsePrivacyGroundTruth, type PrivacyGroundTruth } from "./parse-privacy-ground-truth.js";
import { parseConsentModeGroundTruth, type ConsentModeGroundTruth, type ConsentModePhase } from "./parse-consent-mode-ground-truth.js";
import { parseTcfGroundTruth, type TcfGroundTruth } from "./parse-tcf-ground-truth.js";
import { parseGppGroundTruth, type GppGroundTruth } from "./parse-gpp-ground-truth.js";
import {
  parseBannerDesignGroundTruth,
  parseChoiceTogglesGroundTruth,
  type BannerDesignGroundTruth,
  type ChoiceTogglesGroundTruth,
} from "./parse-banner-ground-truth.js";

/** What a site really does before consent, written by hand next to its pages (`sites/<id>/ground-truth.json`). */
export interface GroundTruth {
  /** The consent banner a first-time visitor meets; absent where a browser cannot open the page (faded-gallery). */
  consent?: ConsentGroundTruth;
  /** What reject, accept and GPC do (`parse-phase-ground-truth.ts`); absent where not written down. */
  phases?: PhasesGroundTruth;
  /** Transport security as a scan sees it (`parse-transport-ground-truth.ts`); absent where not written down. */
  transport?: TransportGroundTruth;
  /** The privacy policy and US-law signals (`parse-privacy-ground-truth.ts`); absent where not written down. */
  privacy?: PrivacyGroundTruth;
  /**
   * Google Consent Mode v2: the consent commands in the dataLayer and the states Google's hits carried, per
   * phase that completes (`parse-consent-mode-ground-truth.ts`); absent where not written down.
   */
  consentMode?: ConsentModeGroundTruth;
  /**
   * IAB TCF v2.2: what `__tcfapi('getTCData')` answers at each phase's snapshot, its TC string decoded, per
   * phase that completes (`parse-tcf-ground-truth.ts`); absent where not written down.
   */
  tcf?: TcfGroundTruth;
  /**
   * IAB GPP and US Privacy: what `__gpp('ping')` and `__uspapi('getUSPData')` answer at each phase's
   * snapshot, decoded, per phase that completes, and whether the site honours Global Privacy Control
   * (`parse-gpp-ground-truth.ts`); absent where not written down.
   */
  gpp?: GppGroundTruth;
  preConsent: {
    /** `domain` is the cookie's domain without a leading dot, as the browser reports it. */
    cookies: Array<{ name: string; domain: string }>;
    storage: Array<{ kind: StorageKind; originHost: string; name: string }>;
    /** Vendor names of `TRACKER_HOSTS`. */
    trackerVendors: string[];
    trackerHosts: string[];
    /**
     * Third-party services that are not trackers (`SERVICE_VENDORS`: fonts, a library CDN, a thumbnail CDN),
     * by host, with the catalogue's vendor and category. Absent: the site loads none.
     */
    services?: Array<{ host: string; vendor: string; category: string }>;
  };
}

export type { StorageKind } from "./ground-truth-fields.js";

/** The expected consent observation, in the scanner's terms (`ConsentObservation` in @public-scan/core). */
export interface ConsentGroundTruth {
  /** autoconsent's rule name, `heuristic` for a banner of no known CMP, null without a banner. */
  cmp: string | null;
  bannerVisible: boolean;
  frame: "main_frame" | "iframe" | null;
  inShadowDom: boolean | null;
  firstLayer: { accept: boolean; reject: boolean; settings: boolean; acknowledge: boolean } | null;
  classification: ConsentClassification;
  apis: { tcf: boolean; gpp: boolean; usp: boolean };
  /** The first layer's design, in its categorical parts (`parse-banner-ground-truth.ts`); absent where not written down. */
  bannerDesign?: BannerDesignGroundTruth;
  /** The choice toggles a rejecting visitor is shown, null for none (`parse-banner-ground-truth.ts`); absent where not written down. */
  choiceToggles?: ChoiceTogglesGroundTruth | null;
}

export type ConsentClassification =
  "accept_and_reject_first_layer" | "reject_behind_settings" | "accept_only" | "cosmetic_only" | "no_banner_detected" | "undetermined";

const CLASSIFICATIONS: readonly string[] = [
  "accept_and_reject_first_layer",
  "reject_behind_settings",
  "accept_only",
  "cosmetic_only",
  "no_banner_detected",
  "undetermined",
] satisfies ConsentClassification[];

const STORAGE_KINDS: readonly string[] = ["local_storage", "session_storage", "indexed_db"] satisfies StorageKind[];

/**
 * Checks a parsed ground-truth file against `GroundTruth`, strictly: an unknown key is an error, because a
 * misspelt key in a hand-written file would otherwise silently drop an expectation.
 */
export function parseGroundTruth(value: unknown): GroundTruth {
  const hasConsent = typeof value === "object" && value !== null && "consent" in value;
  const hasPhases = typeof value === "object" && value !== null && "phases" in value;
  const hasTransport = typeof value === "object" && value !== null && "transport" in value;
  const hasPrivacy = typeof value === "object" && value !== null && "privacy" in value;
  const hasConsentMode = typeof value === "object" && value !== null && "consentMode" in value;
  const hasTcf = typeof value === "object" && value !== null && "tcf" in value;
  const hasGpp = typeof value === "object" && value !== null && "gpp" in value;
  const root = record(value, "$", [
    "preConsent",
    ...(hasConsent ? ["consent"] : []),
    ...(hasPhases ? ["phases"] : []),
    ...(hasTransport ? ["transport"] : []),
    ...(hasPrivacy ? ["privacy"] : []),
    ...(hasConsentMode ? ["consentMode"] : []),
    ...(hasTcf ? ["tcf"] : []),
    ...(hasGpp ? ["gpp"] : []),
  ]);
  const hasServices = typeof root.preConsent === "object" && root.preConsent !== null && "services" in root.preConsent;
  const pre = record(root.preConsent, "$.preConsent", [
    "cookies",
    "storage",
    "trackerVendors",
    "trackerHosts",
    ...(hasServices ? ["services"] : []),
  ]);
  const phases = hasPhases ? parsePhasesGroundTruth(root.phases) : undefined;
  return {
    ...(hasConsent ? { consent: parseConsent(root.consent) } : {}),
    ...(phases ? { phases } : {}),
    ...(hasTransport ? { transport: parseTransportGroundTruth(root.transport) } : {}),
    ...(hasPrivacy ? { privacy: parsePrivacyGroundTruth(root.privacy) } : {}),
    ...(hasConsentMode ? { consentMode: parseConsentModeGroundTruth(root.consentMode, completedPhases(phases)) } : {}),
    ...(hasTcf ? { tcf: parseTcfGroundTruth(root.tcf, completedPhases(phases)) } : {}),
    ...(hasGpp ? { gpp: parseGppGroundTruth(root.gpp, completedPhases(phases)) } : {}),
    preConsent: {
      cookies: list(pre.cookies, "$.preConsent.cookies").map((item, index) => {
        const cookie = record(item, `$.preConsent.cookies[${index}]`, ["name", "domain"]);
        return {
          name: text(cookie.name, `$.preConsent.cookies[${index}].name`),
          domain: host(cookie.domain, `$.preConsent.cookies[${index}].domain`),
        };
      }),
      storage: list(pre.storage, "$.preConsent.storage").map((item, index) => {
        const where = `$.preConsent.storage[${index}]`;
        const entry = record(item, where, ["kind", "originHost", "name"]);
        const kind = text(entry.kind, `${where}.kind`);
        if (!STORAGE_KINDS.includes(kind)) throw new Error(`${where}.kind: expected one of ${STORAGE_KINDS.join(", ")}`);
        return {
          kind: kind as StorageKind,
          originHost: host(entry.originHost, `${where}.originHost`),
          name: text(entry.name, `${where}.name`),
        };
      }),
      trackerVendors: list(pre.trackerVendors, "$.preConsent.trackerVendors").map((item, index) =>
        text(item, `$.preConsent.trackerVendors[${index}]`),
      ),
      trackerHosts: list(pre.trackerHosts, "$.preConsent.trackerHosts").map((item, index) =>
        host(item, `$.preConsent.trackerHosts[${index}]`),
      ),
      ...(hasServices
        ? {
            services: list(pre.services, "$.preConsent.services").map((item, index) => {
              const where = `$.preConsent.services[${index}]`;
              const service = record(item, where, ["host", "vendor", "category"]);
              return {
                host: host(service.host, `${where}.host`),
                vendor: text(service.vendor, `${where}.vendor`),
                category: text(service.category, `${where}.category`),
              };
            }),
          }
        : {}),
    },
  };
}

/** The phases a scan completes by the `phases` ground truth: the first visit always; without `phases`, only it. */
function completedPhases(phases: PhasesGroundTruth | undefined): ConsentModePhase[] {
  const later = [
    ["after_reject", phases?.afterReject],
    ["after_accept", phases?.afterAccept],
    ["gpc", phases?.gpc],
  ] as const;
  return ["pre_consent", ...later.filter(([, phase]) => phase?.status === "completed").map(([name]) => name)];
}

function parseConsent(value: unknown): ConsentGroundTruth {
  const where = "$.consent";
  const has = (key: string) => typeof value === "object" && value !== null && key in value;
  const consent = record(value, where, [
    "cmp",
    "bannerVisible",
    "frame",
    "inShadowDom",
    "firstLayer",
    "classification",
    "apis",
    ...(has("bannerDesign") ? ["bannerDesign"] : []),
    ...(has("choiceToggles") ? ["choiceToggles"] : []),
  ]);
  const frame = consent.frame;
  if (frame !== null && frame !== "main_frame" && frame !== "iframe")
    throw new Error(`${where}.frame: expected main_frame, iframe or null`);
  const classification = text(consent.classification, `${where}.classification`);
  if (!CLASSIFICATIONS.includes(classification)) throw new Error(`${where}.classification: expected one of ${CLASSIFICATIONS.join(", ")}`);
  const apis = record(consent.apis, `${where}.apis`, ["tcf", "gpp", "usp"]);
  const layer =
    consent.firstLayer === null ? null : record(consent.firstLayer, `${where}.firstLayer`, ["accept", "reject", "settings", "acknowledge"]);
  return {
    cmp: consent.cmp === null ? null : text(consent.cmp, `${where}.cmp`),
    bannerVisible: flag(consent.bannerVisible, `${where}.bannerVisible`),
    frame,
    inShadowDom: consent.inShadowDom === null ? null : flag(consent.inShadowDom, `${where}.inShadowDom`),
    firstLayer:
      layer === null
        ? null
        : {
            accept: flag(layer.accept, `${where}.firstLayer.accept`),
            reject: flag(layer.reject, `${where}.firstLayer.reject`),
            settings: flag(layer.settings, `${where}.firstLayer.settings`),
            acknowledge: flag(layer.acknowledge, `${where}.firstLayer.acknowledge`),
          },
    classification: classification as ConsentClassification,
    apis: { tcf: flag(apis.tcf, `${where}.apis.tcf`), gpp: flag(apis.gpp, `${where}.apis.gpp`), usp: flag(apis.usp, `${where}.apis.usp`) },
    ...(has("bannerDesign") ? { bannerDesign: parseBannerDesignGroundTruth(consent.bannerDesign, `${where}.bannerDesign`) } : {}),
    ...(has("choiceToggles") ? { choiceToggles: parseChoiceTogglesGroundTruth(consent.choiceToggles, `${where}.choiceToggles`) } : {}),
  };
}
