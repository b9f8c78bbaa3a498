import type { EvidenceRecord } from "../evidence-record.js";
import { defineFinding } from "./finding-definition.js";

const isAdvertising = (record: EvidenceRecord) =>
  record.kind === "tracker_request" && (record.category === "advertising" || record.purpose === "marketing");
const APPLICABILITY =
  "Whether CCPA/CPRA applies depends on the business and its visitors; this is an observation, not a statement that the law applies or is met.";

/** Findings about US-law signals: the opt-out link and the Global Privacy Control support file. */
export const US_PRIVACY_FINDINGS = [
  defineFinding({
    id: "us_opt_out_link_not_found",
    label: "No “Do Not Sell or Share” or “Your Privacy Choices” link, while advertising trackers ran",
    criticality: "low",
    confidence: "low",
    category: "us_privacy",
    phase: "pre_consent",
    description:
      "The page had no “Do Not Sell or Share My Personal Information” or “Your Privacy Choices” link or button, and contacted advertising vendors.",
    caveats: [APPLICABILITY, "Links are recognised by their usual wording; a link in a menu that opens on click may be missed."],
    nextSteps: ["If the business sells or shares personal information of California residents, review how visitors opt out."],
    select: (evidence) =>
      evidence.some((record) => record.kind === "page_element" && record.name === "us_opt_out_link_not_found")
        ? evidence.filter((record) => record.phase === "pre_consent" && isAdvertising(record))
        : [],
  }),
  defineFinding({
    id: "gpc_support_file_invalid",
    label: "The Global Privacy Control support file is invalid",
    criticality: "info",
    confidence: "high",
    category: "us_privacy",
    phase: null,
    description: "The site serves /.well-known/gpc.json, but it is not valid JSON with a boolean gpc member.",
    caveats: ["The file is optional; what matters is how the site treats the GPC signal (see the GPC visit)."],
    nextSteps: ['Serve a JSON object such as { "gpc": true, "lastUpdate": "2026-01-01" }.'],
    select: (evidence) => evidence.filter((record) => record.kind === "response_header" && record.name === "gpc_json_invalid"),
  }),
];
