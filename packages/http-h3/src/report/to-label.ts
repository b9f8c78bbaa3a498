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

/** Evidence kinds whose names are the page's own (a cookie's, a storage key's), shown exactly as observed. */
const OBSERVED_NAME_KINDS = new Set(["cookie", "storage_key", "tracker_request"]);

/**
 * Human words for an evidence example's name: a cookie or storage key keeps its real name, while a signal
 * code of the service (`not_observed_automatedDecisions`, `hsts_missing`) reads as words
 * ("Not observed: automated decisions", "HSTS missing"). The API keeps the codes.
 */
export function toExampleName(kind: string, name: string): string {
  if (OBSERVED_NAME_KINDS.has(kind)) return name;
  const notObserved = /^not_observed_(.+)$/.exec(name);
  if (notObserved) return `Not observed: ${words(notObserved[1]!).toLowerCase()}`;
  return toLabel(words(name).replace(/\s+/g, "_"));
}

/** `automatedDecisions` and `us_opt_out` as space-separated words, with known acronyms upper-cased. */
function words(code: string): string {
  return code
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/\b(hsts|https|http|gpc|us|tls|cmp|tcf|gpp)\b/g, (acronym) => acronym.toUpperCase());
}
