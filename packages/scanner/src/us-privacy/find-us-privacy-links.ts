import { matchesAny, normalizeText } from "../policy/compile-phrase.js";
import type { PageLinks } from "../policy/page-links-script.js";
import type { UsLinkRule, UsPrivacyVocabulary } from "./us-privacy-vocabulary.js";

export interface UsPrivacyLinks {
  doNotSellOrShareLink: boolean;
  limitSensitiveLink: boolean;
  yourPrivacyChoicesLink: boolean;
  privacyChoicesIcon: boolean;
  noticeAtCollection: boolean;
}

/**
 * The CCPA/CPRA signals among the page's links and buttons: a link kind is observed when the text, label
 * or title uses its wording, or (links only) its path does; the icon by its alt text, label or title,
 * its file name, or an inline SVG of its shape and blue; a notice at collection also by that wording in
 * the page's text (`phraseInText`). Links hidden behind a menu count too: they are in the page.
 */
export function findUsPrivacyLinks(options: { links: PageLinks; vocabulary: UsPrivacyVocabulary }): UsPrivacyLinks {
  const { vocabulary } = options;
  const read = options.links.links.map((link) => ({
    wording: normalizeText(`${link.text} ${link.label} ${link.iconLabel}`),
    path: link.href === null ? "" : (URL.parse(link.href)?.pathname.toLowerCase() ?? ""),
    link,
  }));
  const has = (rule: UsLinkRule) =>
    read.some(({ wording, path }) => matchesAny(wording, rule.terms) || rule.hrefHints.some((hint) => path.includes(hint)));
  return {
    doNotSellOrShareLink: has(vocabulary.doNotSellOrShare),
    limitSensitiveLink: has(vocabulary.limitSensitive),
    yourPrivacyChoicesLink: has(vocabulary.yourPrivacyChoices),
    privacyChoicesIcon: read.some(
      ({ link }) =>
        link.iconShape ||
        matchesAny(normalizeText(link.iconLabel), vocabulary.iconLabels) ||
        vocabulary.iconFileNames.some((name) => link.iconFile.includes(name)),
    ),
    noticeAtCollection: has(vocabulary.noticeAtCollection) || options.links.phraseInText,
  };
}
