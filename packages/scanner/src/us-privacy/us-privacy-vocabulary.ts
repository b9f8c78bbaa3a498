import { readFile } from "node:fs/promises";
import { dataUrl } from "../classify/data-url.js";
import { compilePhrase, vocabularyObject, vocabularyStrings } from "../policy/compile-phrase.js";

/** One CCPA/CPRA link kind: wording of its text or label, and tokens of its path. */
export interface UsLinkRule {
  terms: readonly RegExp[];
  hrefHints: readonly string[];
}

/** `data/us-privacy/us-privacy-vocabulary.json`, compiled. */
export interface UsPrivacyVocabulary {
  doNotSellOrShare: UsLinkRule;
  limitSensitive: UsLinkRule;
  yourPrivacyChoices: UsLinkRule;
  noticeAtCollection: UsLinkRule;
  iconLabels: readonly RegExp[];
  iconFileNames: readonly string[];
}

let loaded: Promise<UsPrivacyVocabulary> | null = null;

export function loadUsPrivacyVocabulary(): Promise<UsPrivacyVocabulary> {
  loaded ??= readFile(dataUrl("us-privacy/us-privacy-vocabulary.json"), "utf8").then((text) => parseUsPrivacyVocabulary(JSON.parse(text)));
  loaded.catch(() => (loaded = null));
  return loaded;
}

export function parseUsPrivacyVocabulary(value: unknown): UsPrivacyVocabulary {
  const file = vocabularyObject(value, "us-privacy-vocabulary.json");
  const rule = (key: string): UsLinkRule => {
    const entry = vocabularyObject(file[key], `us-privacy-vocabulary.json: ${key}`);
    return {
      terms: vocabularyStrings(entry.terms, `${key}.terms`).map(compilePhrase),
      hrefHints: vocabularyStrings(entry.hrefHints, `${key}.hrefHints`),
    };
  };
  return {
    doNotSellOrShare: rule("doNotSellOrShare"),
    limitSensitive: rule("limitSensitive"),
    yourPrivacyChoices: rule("yourPrivacyChoices"),
    noticeAtCollection: rule("noticeAtCollection"),
    iconLabels: vocabularyStrings(file.iconLabels, "iconLabels").map(compilePhrase),
    iconFileNames: vocabularyStrings(file.iconFileNames, "iconFileNames"),
  };
}
