import { hostOf, type PolicyFetchStatus, type PolicyLinkSource, type PolicyStepStatus } from "@public-scan/core";
import { commonPolicyPaths, findPolicyLink } from "./find-policy-link.js";
import { matchesAny, normalizeText } from "./compile-phrase.js";
import { evaluateInIsolatedWorld } from "../visit/evaluate-in-isolated-world.js";
import type { GuardedContext } from "../visit/open-guarded-context.js";
import type { PageLinks } from "./page-links-script.js";
import type { PolicyVocabulary } from "./policy-vocabulary.js";
import { policyTextScript, type PolicyPageText } from "./policy-text-script.js";
import { visitGuardedPage } from "../visit/visit-guarded-page.js";
import { closePage } from "../visit/close-page.js";

/** Less visible text than this is not a policy that could be read (a page whose script did not render). */
export const MIN_POLICY_TEXT = 200;
/** Longest wait for one policy page. */
const PAGE_TIMEOUT_MS = 8000;
/** A page load is not started with less time than this left. */
const MIN_VISIT_MS = 1000;

/** The policy as fetched, before analysis. `text` is held only until the analysis; it is never reported. */
export interface PolicyReading {
  steps: { discovery: PolicyStepStatus; fetch: PolicyStepStatus };
  reason: string | null;
  foundIn: PolicyLinkSource;
  host: string | null;
  fetchStatus: PolicyFetchStatus;
  httpStatus: number | null;
  declaredLanguage: string | null;
  text: string | null;
}

export interface ReadPrivacyPolicyOptions {
  /** The scanned page's links; null when they could not be read (`linksReason` says why). */
  links: PageLinks | null;
  linksReason?: string;
  /** The scanned page's URL after redirects: links resolve against it, common paths against its origin. */
  pageUrl: string;
  vocabulary: PolicyVocabulary;
  isSameSite: (host: string) => boolean;
  guarded: () => Promise<GuardedContext>;
  settings: { userAgent: string; locale: string };
  /** `Date.now()` by which the reading must be done. */
  deadlineAt: number;
}

/**
 * Finds the policy link (the page's links first, then common paths) and loads the policy in the guarded
 * context. Whatever cannot be read says so in `steps`, `reason` and `fetchStatus`: a link that leads
 * nowhere is missing evidence, never an absent policy.
 */
export async function readPrivacyPolicy(options: ReadPrivacyPolicyOptions): Promise<PolicyReading> {
  const none: PolicyReading = {
    steps: { discovery: "ok", fetch: "skipped" },
    reason: null,
    foundIn: "none",
    host: null,
    fetchStatus: "skipped",
    httpStatus: null,
    declaredLanguage: null,
    text: null,
  };
  if (options.links === null)
    return { ...none, steps: { discovery: "failed", fetch: "skipped" }, reason: options.linksReason ?? "links_not_read" };
  const choice = findPolicyLink({
    links: options.links.links,
    pageUrl: options.pageUrl,
    vocabulary: options.vocabulary,
    isSameSite: options.isSameSite,
  });
  if (choice !== null) return { ...(await fetchPolicy(options, choice.url)), foundIn: choice.region };

  // No link in the page: the common paths, each accepted only if it reads as a policy (not a soft 404).
  const origin = URL.parse(options.pageUrl)?.origin;
  if (origin === undefined || origin === "null") return none;
  let undecided = false;
  for (const path of commonPolicyPaths({ lang: options.links.lang, vocabulary: options.vocabulary })) {
    if (options.deadlineAt - Date.now() < MIN_VISIT_MS)
      return { ...none, steps: { discovery: "timed_out", fetch: "skipped" }, reason: "policy_budget_spent" };
    const reading = await fetchPolicy(options, new URL(path, origin).href, { mustLookLikePolicy: true });
    if (reading.fetchStatus === "ok") return { ...reading, foundIn: "common_path" };
    if (reading.fetchStatus !== "not_found") undecided = true;
  }
  // A path that could not be loaded might have been the policy: discovery did not complete.
  return undecided ? { ...none, steps: { discovery: "failed", fetch: "skipped" }, reason: "common_path_unreachable" } : none;
}

async function fetchPolicy(
  options: ReadPrivacyPolicyOptions,
  url: string,
  check: { mustLookLikePolicy?: boolean } = {},
): Promise<PolicyReading> {
  const linkHost = hostOf(url);
  const result = (fetchStatus: PolicyFetchStatus, extra: Partial<PolicyReading> = {}): PolicyReading => ({
    steps: { discovery: "ok", fetch: fetchStatus === "ok" ? "ok" : fetchStatus === "timed_out" ? "timed_out" : "failed" },
    reason: fetchStatus === "ok" ? null : `policy_${fetchStatus}`,
    foundIn: "none",
    host: linkHost,
    fetchStatus,
    httpStatus: null,
    declaredLanguage: null,
    text: null,
    ...extra,
  });
  const timeoutMs = Math.min(PAGE_TIMEOUT_MS, options.deadlineAt - Date.now());
  if (timeoutMs < MIN_VISIT_MS) return result("timed_out");
  const guarded = await options.guarded();
  const visit = await visitGuardedPage({ guarded, url, settings: { ...options.settings, timeoutMs } });
  try {
    const host = visit.finalUrl === null ? linkHost : (hostOf(visit.finalUrl) ?? linkHost);
    if (visit.status !== "ok") return result(visit.status, { host, httpStatus: visit.httpStatus });
    if (visit.contentType !== "text/html" && visit.contentType !== "application/xhtml+xml")
      return result("not_html", { host, httpStatus: visit.httpStatus });
    const page = await evaluateInIsolatedWorld<PolicyPageText>(visit.page, {
      expression: policyTextScript(),
      worldName: "public-scan-policy",
    });
    if (check.mustLookLikePolicy && !looksLikePolicy(page.headings, options.vocabulary))
      return result("not_found", { host, httpStatus: visit.httpStatus });
    if (page.text.trim().length < MIN_POLICY_TEXT)
      return result("empty", { host, httpStatus: visit.httpStatus, declaredLanguage: page.lang });
    return result("ok", { host, httpStatus: visit.httpStatus, declaredLanguage: page.lang, text: page.text });
  } finally {
    await closePage(visit.page);
  }
}

/** A page found at a common path counts only if its title or a main heading names a privacy policy. */
function looksLikePolicy(headings: string, vocabulary: PolicyVocabulary): boolean {
  const languages = Object.values(vocabulary.links.languages);
  return matchesAny(normalizeText(headings), [
    ...languages.flatMap((language) => language.strong),
    ...languages.flatMap((language) => language.weak),
  ]);
}
