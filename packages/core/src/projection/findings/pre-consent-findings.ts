import type { EvidenceRecord } from "../evidence-record.js";
import { CLASSIFICATION_CAVEAT, defineFinding, isAdvertising } from "./finding-definition.js";

/** 13 months: the longest cookie lifetime that European regulators' guidance commonly refers to. */
export const LONG_LIFETIME_SECONDS = 395 * 24 * 3600;

const preConsent = (evidence: readonly EvidenceRecord[], kind: EvidenceRecord["kind"]) =>
  evidence.filter((record) => record.phase === "pre_consent" && record.kind === kind);

const ONE_VISIT = "Observed in one automated first visit from one location; other visits, regions or consent states may differ.";

/** Findings about what a page does before any consent interaction. */
export const PRE_CONSENT_FINDINGS = [
  defineFinding({
    id: "pre_consent_advertising_tracker",
    label: "Advertising trackers contacted before consent",
    criticality: "high",
    confidence: "high",
    category: "trackers",
    phase: "pre_consent",
    description: "Before any consent interaction, the page sent requests to hosts that catalogues attribute to advertising vendors.",
    caveats: [ONE_VISIT, CLASSIFICATION_CAVEAT],
    nextSteps: [
      "Review whether these requests wait for consent where consent is required.",
      "Check the tag manager's consent settings for these vendors.",
    ],
    select: (evidence) => preConsent(evidence, "tracker_request").filter(isAdvertising),
  }),
  defineFinding({
    id: "pre_consent_session_replay",
    label: "Session-replay scripts loaded before consent",
    criticality: "high",
    confidence: "high",
    category: "trackers",
    phase: "pre_consent",
    description:
      "Before any consent interaction, the page contacted hosts of session-replay vendors, which can record how visitors use the page.",
    caveats: [ONE_VISIT, CLASSIFICATION_CAVEAT],
    nextSteps: ["Review whether session recording starts only after consent, and what it records."],
    select: (evidence) => preConsent(evidence, "tracker_request").filter((record) => record.category === "session_replay"),
  }),
  defineFinding({
    id: "pre_consent_analytics_tracker",
    label: "Analytics services contacted before consent",
    criticality: "medium",
    confidence: "high",
    category: "trackers",
    phase: "pre_consent",
    description: "Before any consent interaction, the page sent requests to hosts of analytics vendors.",
    caveats: [
      ONE_VISIT,
      CLASSIFICATION_CAVEAT,
      "Some analytics set-ups are configured without identifiers; this scan does not see the configuration.",
    ],
    nextSteps: ["Review whether analytics waits for consent or is configured to work without it."],
    select: (evidence) =>
      preConsent(evidence, "tracker_request").filter((record) => record.purpose === "analytics" && record.category !== "session_replay"),
  }),
  defineFinding({
    id: "pre_consent_other_third_party_tracker",
    label: "Other third-party tracking hosts contacted before consent",
    criticality: "low",
    confidence: "medium",
    category: "trackers",
    phase: "pre_consent",
    description:
      "Before any consent interaction, the page contacted third-party hosts that a tracker list or catalogue knows (tag managers, embedded content and others).",
    caveats: [
      ONE_VISIT,
      CLASSIFICATION_CAVEAT,
      "Embedded content and tag managers may be needed for the page to work; what they load matters more than the host.",
    ],
    nextSteps: ["Review what these hosts load before consent, for example privacy-enhanced embed modes."],
    select: (evidence) =>
      preConsent(evidence, "tracker_request").filter(
        (record) => !isAdvertising(record) && record.purpose !== "analytics" && record.category !== "session_replay",
      ),
  }),
  defineFinding({
    id: "pre_consent_marketing_cookie",
    label: "Marketing cookies set before consent",
    criticality: "high",
    confidence: "high",
    category: "cookies",
    phase: "pre_consent",
    description: "Before any consent interaction, the browser stored cookies that the Open Cookie Database classifies as marketing.",
    caveats: [ONE_VISIT, CLASSIFICATION_CAVEAT],
    nextSteps: ["Review whether these cookies are set only after consent."],
    select: (evidence) => preConsent(evidence, "cookie").filter((record) => record.purpose === "marketing"),
  }),
  defineFinding({
    id: "pre_consent_analytics_cookie",
    label: "Analytics cookies set before consent",
    criticality: "medium",
    confidence: "high",
    category: "cookies",
    phase: "pre_consent",
    description: "Before any consent interaction, the browser stored cookies that the Open Cookie Database classifies as analytics.",
    caveats: [ONE_VISIT, CLASSIFICATION_CAVEAT],
    nextSteps: ["Review whether these cookies are set only after consent, or whether analytics can run without them."],
    select: (evidence) => preConsent(evidence, "cookie").filter((record) => record.purpose === "analytics"),
  }),
  defineFinding({
    id: "pre_consent_third_party_cookie",
    label: "Third-party cookies set before consent",
    criticality: "medium",
    confidence: "high",
    category: "cookies",
    phase: "pre_consent",
    description: "Before any consent interaction, third-party hosts set cookies in the visitor's browser.",
    caveats: [ONE_VISIT, "Browsers that block third-party cookies by default would not store these."],
    nextSteps: ["Review which embedded service sets each cookie and whether it waits for consent."],
    select: (evidence) => preConsent(evidence, "cookie").filter((record) => record.party === "third_party"),
  }),
  defineFinding({
    id: "pre_consent_tracking_storage",
    label: "Analytics or marketing identifiers in browser storage before consent",
    criticality: "medium",
    confidence: "medium",
    category: "storage",
    phase: "pre_consent",
    description:
      "Before any consent interaction, scripts wrote browser-storage keys that catalogues attribute to analytics or marketing vendors.",
    caveats: [ONE_VISIT, CLASSIFICATION_CAVEAT, "Only key names are observed; their contents are never read into the report."],
    nextSteps: ["Review whether these scripts run only after consent."],
    select: (evidence) =>
      preConsent(evidence, "storage_key").filter(
        (record) =>
          record.purpose === "marketing" ||
          record.purpose === "analytics" ||
          record.category === "session_replay" ||
          record.category === "advertising",
      ),
  }),
  defineFinding({
    id: "long_lived_cookie",
    label: "Non-essential cookies with lifetimes over 13 months",
    criticality: "low",
    confidence: "high",
    category: "cookies",
    phase: "pre_consent",
    description: "Cookies not classified as functional or security were set with a lifetime longer than 13 months.",
    caveats: [ONE_VISIT, "Lifetimes are those the browser recorded; browsers may cap them."],
    nextSteps: ["Review whether these lifetimes are needed."],
    select: (evidence) =>
      preConsent(evidence, "cookie").filter(
        (record) =>
          record.lifetimeSeconds !== null &&
          record.lifetimeSeconds > LONG_LIFETIME_SECONDS &&
          record.purpose !== "functional" &&
          record.purpose !== "security",
      ),
  }),
  defineFinding({
    id: "pre_consent_unclassified_cookie",
    label: "Cookies of unknown purpose set before consent",
    criticality: "info",
    confidence: "low",
    category: "cookies",
    phase: "pre_consent",
    description: "Before any consent interaction, the browser stored cookies that no catalogue classifies.",
    caveats: [ONE_VISIT, "Unknown purpose is not a sign of tracking: many are the site's own functional cookies."],
    nextSteps: ["Document the purpose of these cookies."],
    select: (evidence) => preConsent(evidence, "cookie").filter((record) => record.purpose === "unknown"),
  }),
] as const;
