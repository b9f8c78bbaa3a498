import type { EvidenceRecord } from "../evidence-record.js";
import { CLASSIFICATION_CAVEAT, defineFinding, isAdvertising } from "./finding-definition.js";

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

const AUTOMATED =
  "The scanner used the banner like a visitor would, automatically and once; a banner that behaves differently for people (or on other visits) is not seen.";
const ONE_VISIT = "Observed in one automated visit from one location; other visits, regions or consent states may differ.";
const BUTTONS =
  "Buttons are recognised by their role and label in common languages; a banner with unusual wording or images for buttons may be misread.";

/** Findings about the consent banner and about what happens after reject, after accept and under GPC. */
export const CONSENT_FINDINGS = [
  defineFinding({
    id: "consent_banner_accept_only",
    label: "Consent banner offers accept but no way to refuse",
    criticality: "high",
    confidence: "medium",
    category: "consent",
    phase: "pre_consent",
    description: "The banner's first layer had an accept option and neither a reject option nor a settings option.",
    caveats: [BUTTONS, ONE_VISIT],
    nextSteps: ["Review whether visitors can refuse as easily as they can accept."],
    select: (evidence) => signal(evidence, "accept_only"),
  }),
  defineFinding({
    id: "consent_reject_not_on_first_layer",
    label: "Refusing consent takes more steps than accepting",
    criticality: "medium",
    confidence: "medium",
    category: "consent",
    phase: "pre_consent",
    description: "The banner's first layer had an accept option, while refusing was only possible through a settings layer.",
    caveats: [BUTTONS, ONE_VISIT],
    nextSteps: ["Review whether a reject option belongs on the first layer, next to accept."],
    select: (evidence) => signal(evidence, "reject_behind_settings"),
  }),
  defineFinding({
    id: "consent_notice_without_choice",
    label: "Cookie notice without a choice",
    criticality: "medium",
    confidence: "medium",
    category: "consent",
    phase: "pre_consent",
    description: "A cookie or consent notice was shown that offered no choice: at most an acknowledgement or a close button.",
    caveats: [
      BUTTONS,
      ONE_VISIT,
      "A notice may be enough where nothing that needs consent is used; the tracking findings say what was observed.",
    ],
    nextSteps: ["Review whether the page uses anything that needs consent, and if so offer a real choice."],
    select: (evidence) => signal(evidence, "cosmetic_only"),
  }),
  defineFinding({
    id: "no_consent_banner_with_tracking",
    label: "No consent banner found, while tracking ran before consent",
    criticality: "high",
    confidence: "medium",
    category: "consent",
    phase: "pre_consent",
    description:
      "No consent banner was detected on the page, and advertising, analytics or session-replay services were contacted, or their cookies set, during the visit.",
    caveats: [
      ONE_VISIT,
      CLASSIFICATION_CAVEAT,
      "Banner detection knows the common consent platforms and recognises other banners by their buttons; an unusual banner may be missed.",
    ],
    nextSteps: ["Review whether the site shows a consent banner in this region, and whether these services wait for consent."],
    select: (evidence) => {
      if (signal(evidence, "no_banner_detected").length === 0) return [];
      return inPhase(evidence, "pre_consent").filter((record) => isConsentTracking(record) || isConsentCookieOrStorage(record));
    },
  }),
  defineFinding({
    id: "tracking_after_reject",
    label: "Tracking continued after consent was refused",
    criticality: "high",
    confidence: "high",
    category: "consent",
    phase: "after_reject",
    description:
      "After the banner's reject option was used, the page kept sending requests to advertising, analytics or session-replay services.",
    caveats: [AUTOMATED, CLASSIFICATION_CAVEAT, "Some services offer consent-less modes; this scan does not see how they are configured."],
    nextSteps: [
      "Review whether these services honour the refusal (tag manager consent settings, consent mode).",
      "Check that the reject choice reaches every tag.",
    ],
    select: (evidence) =>
      signal(evidence, "reject_succeeded").length === 0 ? [] : inPhase(evidence, "after_reject").filter(isConsentTracking),
  }),
  defineFinding({
    id: "cookies_set_after_reject",
    label: "Marketing or analytics cookies set after consent was refused",
    criticality: "high",
    confidence: "high",
    category: "consent",
    phase: "after_reject",
    description:
      "After the banner's reject option was used, cookies or storage keys classified as marketing or analytics were present that had not been there before the choice.",
    caveats: [AUTOMATED, CLASSIFICATION_CAVEAT],
    nextSteps: ["Review which script sets these after a refusal, and whether it should run at all."],
    select: (evidence) => {
      if (signal(evidence, "reject_succeeded").length === 0) return [];
      const before = new Set(inPhase(evidence, "pre_consent").map(identity));
      return inPhase(evidence, "after_reject").filter((record) => isConsentCookieOrStorage(record) && !before.has(identity(record)));
    },
  }),
  defineFinding({
    id: "advertising_despite_gpc",
    label: "Advertising trackers contacted despite Global Privacy Control",
    criticality: "medium",
    confidence: "high",
    category: "us_privacy",
    phase: "gpc",
    description:
      "In a visit that sent the Global Privacy Control signal (Sec-GPC: 1 and navigator.globalPrivacyControl), the page still contacted advertising vendors.",
    caveats: [
      ONE_VISIT,
      CLASSIFICATION_CAVEAT,
      "Where GPC must be honoured depends on the visitor's jurisdiction and the business; this is an observation, not a legal assessment.",
    ],
    nextSteps: ["Review whether GPC is treated as an opt-out of sale or sharing for these vendors."],
    select: (evidence) =>
      signal(evidence, "gpc_signal_sent").length === 0
        ? []
        : inPhase(evidence, "gpc").filter((record) => record.kind === "tracker_request" && isAdvertising(record)),
  }),
];
