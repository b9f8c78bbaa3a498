/** Colour tone of a criticality or risk level: presentation only, the words carry the meaning. */
const TONES: Readonly<Record<string, "high" | "medium" | "low" | "info">> = {
  high: "high",
  medium: "medium",
  low: "low",
  info: "info",
  priority_review: "high",
  review_recommended: "high",
  review_suggested: "medium",
  informational: "low",
  not_assessed: "info",
};

export function toneOf(level: string): "high" | "medium" | "low" | "info" {
  return TONES[level] ?? "info";
}
