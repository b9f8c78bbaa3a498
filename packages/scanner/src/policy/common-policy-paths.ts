import type { PolicyVocabulary } from "./policy-vocabulary.js";

/** At most this many common paths are tried: each is a page load within the policy's time budget. */
export const MAX_COMMON_PATHS = 4;

/**
 * The common paths to try when the page links to no policy: those of the page's declared language first,
 * then the English ones, then one per other language until the bound is reached.
 */
export function commonPolicyPaths(options: { lang: string | null; vocabulary: PolicyVocabulary }): string[] {
  const languages = options.vocabulary.links.languages;
  const ordered = [
    ...(options.lang !== null ? (languages[options.lang]?.paths ?? []) : []),
    ...(languages.en?.paths ?? []),
    ...Object.values(languages).map((language) => language.paths[0] ?? ""),
  ].filter((path) => path !== "");
  return [...new Set(ordered)].slice(0, MAX_COMMON_PATHS);
}
