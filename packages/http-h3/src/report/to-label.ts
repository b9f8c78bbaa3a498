/** Codes whose words would read wrongly when only underscores are replaced. */
const CODE_LABELS: Readonly<Record<string, string>> = {
  completed_limited: "Completed with limitations",
  no_go: "No-go",
  not_run: "Not run",
  pre_consent: "Before consent",
  after_reject: "After rejecting",
  after_accept: "After accepting",
  gpc: "Global Privacy Control (GPC)",
  us_privacy: "US privacy",
  storage: "Storage key",
  storage_key: "Storage key",
  service: "Third-party service",
  http_error_status: "HTTP error status",
  non_html_target: "Not an HTML page",
};

/** Human words for a contract code (`priority_review` -> "Priority review"); the code itself stays in the API. */
export function toLabel(code: string): string {
  const known = CODE_LABELS[code];
  if (known !== undefined) return known;
  const words = code.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
