import { CmpNameSchema, type BannerDesign, type ConsentObservation, type ConsentStepStatus } from "@public-scan/core";
import type { TcfVendorList } from "../classify/load-tcf-vendor-list.js";
import type { BannerLayout, BannerScanResult } from "./banner-scan-script.js";
import { toBannerDesign } from "./to-banner-design.js";
import { classifyButtonLabel } from "./classify-button-label.js";
import { CMP_RULE_ALIASES } from "./cmp-markup.js";
import { classifyFirstLayer, offersConsentChoice, toFirstLayerButtons, type FirstLayerButtons } from "./classify-first-layer.js";
import { toGppAnswer, toTcfAnswer, toUspAnswer, type ApiProbeOutcome } from "./probe-consent-apis.js";

/** A CMP autoconsent reported in one frame (`cmpDetected` or `popupFound`). */
export interface AutoconsentHit {
  cmp: string;
  frameKey: string;
  top: boolean;
  /** When autoconsent sent the report (`Date.now()`), for the visit's timeline. */
  at?: number;
}

/** The banners the scan found in one frame. */
export interface ScannedFrame {
  frameKey: string;
  top: boolean;
  /** The CMP library the frame's markup shows (`CMP_MARKUP`): names banners autoconsent has no rule for. */
  library?: string | null;
  banners: Array<{ inShadowDom: boolean; consentText: boolean; labels: readonly string[]; layout?: BannerLayout }>;
  /** With the snapshot's measuring scan: the frame's viewport and scroll lock. */
  page?: NonNullable<BannerScanResult["page"]>;
}

/** Everything the consent collector gathered, before it is reduced to an observation. */
export interface ConsentFindings {
  autoconsent: { status: ConsentStepStatus; reason: string | null; detected: AutoconsentHit[]; popups: AutoconsentHit[] };
  bannerScan: { status: ConsentStepStatus; reason: string | null; frames: ScannedFrame[] };
  apiProbe: ApiProbeOutcome;
  /** The operator's Global Vendor List, to name the TC string's vendors; absent: counts only. */
  tcfVendorList?: TcfVendorList | null;
}

interface Banner {
  frameKey: string;
  top: boolean;
  inShadowDom: boolean;
  consentText: boolean;
  buttons: FirstLayerButtons;
  /** Its first layer measured (the snapshot's scan), or null. */
  design: BannerDesign | null;
}

/**
 * Reduces the findings to the consent observation. autoconsent's verdict wins where it has one (its rules
 * know the CMPs); the banner scan supplies what autoconsent does not say (the first layer's buttons, the
 * shadow root) and finds banners of unknown CMPs. Nothing found reads as `not_detected` only when both
 * detection steps ran; otherwise the status carries the step's failure and the classification is
 * `undetermined`.
 */
export function toConsentObservation(findings: ConsentFindings): ConsentObservation {
  const banners = findings.bannerScan.frames.flatMap((frame) =>
    frame.banners.map((banner): Banner => {
      const kinds = banner.labels.map(classifyButtonLabel);
      return {
        frameKey: frame.frameKey,
        top: frame.top,
        inShadowDom: banner.inShadowDom,
        consentText: banner.consentText,
        buttons: toFirstLayerButtons(kinds),
        design: toBannerDesign({ layout: banner.layout, page: frame.page, kinds }),
      };
    }),
  );
  const named = (hit: AutoconsentHit | null) => (hit === null ? null : { ...hit, cmp: cmpNameOf(hit, findings.bannerScan.frames) });
  const popup = named(pickHit(findings.autoconsent.popups));
  const detected = named(pickHit(findings.autoconsent.detected));
  const base = { steps: stepsOf(findings), ...apisOf(findings.apiProbe, findings.tcfVendorList ?? null) };

  if (popup !== null) {
    // The CMP's rule vouches for a banner in this frame, so an overlay whose text does not say "cookie"
    // (klaro's "We would like to use Google Analytics… Is that OK?") still counts.
    const banner = bestBanner(banners.filter((candidate) => candidate.frameKey === popup.frameKey));
    return {
      ...base,
      status: "ok",
      reason: null,
      cmp: popup.cmp,
      detectedBy: "autoconsent",
      bannerVisible: true,
      frame: popup.top ? "main_frame" : "iframe",
      inShadowDom: banner?.inShadowDom ?? null,
      firstLayer: banner?.buttons ?? null,
      classification: classifyFirstLayer({ bannerVisible: true, buttons: banner?.buttons ?? null }),
      bannerDesign: banner?.design ?? null,
    };
  }
  const banner = bestBanner(banners.filter((candidate) => candidate.consentText || offersConsentChoice(candidate.buttons)));
  if (banner !== null) {
    return {
      ...base,
      status: "ok",
      reason: null,
      cmp: detected?.cmp ?? findings.bannerScan.frames.find((frame) => frame.frameKey === banner.frameKey)?.library ?? "heuristic",
      detectedBy: detected === null ? "heuristic" : "autoconsent",
      bannerVisible: true,
      frame: banner.top ? "main_frame" : "iframe",
      inShadowDom: banner.inShadowDom,
      firstLayer: banner.buttons,
      classification: classifyFirstLayer({ bannerVisible: true, buttons: banner.buttons }),
      bannerDesign: banner.design,
    };
  }
  const none = { bannerVisible: false, frame: null, inShadowDom: null, firstLayer: null } as const;
  if (detected !== null) {
    // A CMP without a visible banner (a choice already stored, or a banner for other regions only).
    const classification = findings.bannerScan.status === "ok" ? "no_banner_detected" : "undetermined";
    return { ...base, ...none, status: "ok", reason: null, cmp: detected.cmp, detectedBy: "autoconsent", classification };
  }
  const incomplete = [findings.bannerScan, findings.autoconsent].find((step) => step.status !== "ok");
  if (incomplete !== undefined) {
    return {
      ...base,
      ...none,
      status: incomplete.status === "timed_out" ? "timed_out" : "failed",
      reason: incomplete.reason ?? "detection_incomplete",
      cmp: null,
      detectedBy: null,
      classification: "undetermined",
    };
  }
  return { ...base, ...none, status: "not_detected", reason: null, cmp: null, detectedBy: null, classification: "no_banner_detected" };
}

/** A consent observation for a collector that failed as a whole: nothing is known, nothing reads as absent. */
export function toFailedConsentObservation(options: { status: "failed" | "timed_out"; reason: string | null }): ConsentObservation {
  const step: ConsentStepStatus = options.status;
  return {
    status: options.status,
    reason: options.reason ?? "collector_error",
    steps: { autoconsent: step, bannerScan: step, apiProbe: step },
    cmp: null,
    detectedBy: null,
    bannerVisible: false,
    frame: null,
    inShadowDom: null,
    firstLayer: null,
    classification: "undetermined",
    apis: null,
    tcf: null,
    gpp: null,
    usp: null,
  };
}

/** autoconsent's rules that recognise the Osano cookieconsent library's markup under Complianz's name. */
const COOKIECONSENT_MARKUP_RULES = new Set(["Complianz notice", "Complianz opt-out", "Complianz optin", "Complianz categories"]);

/**
 * The CMP's name as the visitor would know it: autoconsent's rule name, except that the open-source Osano
 * cookieconsent is named for what it is unless the frame shows Complianz's own markup.
 */
function cmpNameOf(hit: AutoconsentHit, frames: readonly ScannedFrame[]): string {
  if (!COOKIECONSENT_MARKUP_RULES.has(hit.cmp)) return CMP_RULE_ALIASES[hit.cmp] ?? hit.cmp;
  const frame = frames.find((candidate) => candidate.frameKey === hit.frameKey);
  return frame?.library === "Complianz" ? hit.cmp : "Osano cookieconsent";
}

/** The top frame's hit first: a CMP in the page itself is the banner the visitor sees first. */
export function pickHit(hits: readonly AutoconsentHit[]): AutoconsentHit | null {
  const valid = hits.filter((hit) => CmpNameSchema.safeParse(hit.cmp).success);
  return valid.find((hit) => hit.top) ?? valid[0] ?? null;
}

/** The banner with the most kinds of consent buttons; the top frame's wins a tie. */
function bestBanner(banners: readonly Banner[]): Banner | null {
  const score = (banner: Banner) =>
    Number(banner.buttons.accept) + Number(banner.buttons.reject) + Number(banner.buttons.settings) + Number(banner.buttons.acknowledge);
  let best: Banner | null = null;
  for (const banner of banners) {
    if (best === null || score(banner) > score(best) || (score(banner) === score(best) && banner.top && !best.top)) best = banner;
  }
  return best;
}

function stepsOf(findings: ConsentFindings): ConsentObservation["steps"] {
  return { autoconsent: findings.autoconsent.status, bannerScan: findings.bannerScan.status, apiProbe: findings.apiProbe.status };
}

function apisOf(
  probe: ConsentFindings["apiProbe"],
  vendorList: TcfVendorList | null,
): Pick<ConsentObservation, "apis" | "tcf" | "gpp" | "usp"> {
  const result = probe.result;
  if (probe.status !== "ok" || result === null) return { apis: null, tcf: null, gpp: null, usp: null };
  return {
    apis: { tcf: result.tcf, gpp: result.gpp, usp: result.usp },
    tcf: toTcfAnswer(probe, vendorList),
    gpp: toGppAnswer(probe),
    usp: toUspAnswer(probe),
  };
}
