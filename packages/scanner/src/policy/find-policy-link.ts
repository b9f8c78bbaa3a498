import { matchesAny, normalizeText } from "./compile-phrase.js";
import type { LinkRegion, PageLink } from "./page-links-script.js";
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

export interface PolicyLinkChoice {
  /** Absolute http(s) URL without fragment; used to fetch the policy, never reported. */
  url: string;
  region: LinkRegion;
}

const REGION_SCORE: Record<LinkRegion, number> = { footer: 3, banner: 2, body: 0 };

/**
 * The link most likely to be the privacy policy: its text, label or title names the policy (a strong
 * phrase such as "Privacy policy", "Datenschutzerklärung", or a weaker one such as "Datenschutz"), or its
 * path does (`/privacy`, `/datenschutz`, ...). Footer links come first, then the consent banner's, then
 * any other; visible and same-site links before others. Links to settings or opt-out dialogs ("Privacy
 * settings", "Do Not Sell") are not the policy. Null when no link qualifies.
 */
export function findPolicyLink(options: {
  links: readonly PageLink[];
  pageUrl: string;
  vocabulary: PolicyVocabulary;
  isSameSite: (host: string) => boolean;
}): PolicyLinkChoice | null {
  const { vocabulary } = options;
  const languages = Object.values(vocabulary.links.languages);
  const strong = languages.flatMap((language) => language.strong);
  const weak = languages.flatMap((language) => language.weak);
  const page = URL.parse(options.pageUrl);
  let best: { choice: PolicyLinkChoice; score: number } | null = null;
  for (const link of options.links) {
    const url = link.href === null ? null : URL.parse(link.href);
    if (url === null || (url.protocol !== "https:" && url.protocol !== "http:")) continue;
    url.hash = "";
    // An anchor within the scanned page itself is not a policy page.
    if (page !== null && url.href === new URL(page.pathname + page.search, page).href) continue;
    const wording = normalizeText(`${link.text} ${link.label}`);
    if (matchesAny(wording, vocabulary.links.exclude)) continue;
    const path = toPathTokens(url.pathname);
    const hrefHint = vocabulary.links.hrefHints.some((hint) => path.includes(hint));
    const textScore = matchesAny(wording, strong) ? 4 : matchesAny(wording, weak) ? 2 : 0;
    if (textScore === 0 && !hrefHint) continue;
    const score =
      textScore + (hrefHint ? 2 : 0) + REGION_SCORE[link.region] + (link.visible ? 1 : 0) + (options.isSameSite(url.hostname) ? 1 : 0);
    if (best === null || score > best.score) best = { choice: { url: url.href, region: link.region }, score };
  }
  return best?.choice ?? null;
}

/** A path as hints are written: decoded, lower case, accents dropped (`/confidentialité` reads `/confidentialite`). */
function toPathTokens(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: read the path as it is.
  }
  return decoded.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ł/g, "l");
}
