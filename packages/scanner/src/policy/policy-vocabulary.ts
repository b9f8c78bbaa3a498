import { readFile } from "node:fs/promises";
import { dataUrl } from "../classify/data-url.js";
import { compilePhrase, vocabularyObject as object, vocabularyStrings as strings } from "./compile-phrase.js";

/** The 12 GDPR Art. 13/14 disclosures, in the order core's `PolicyDisclosuresSchema` lists them. */
export const DISCLOSURE_KEYS = [
  "controllerContact",
  "dataProtectionOfficer",
  "purposes",
  "legalBases",
  "recipients",
  "internationalTransfers",
  "retention",
  "dataSubjectRights",
  "withdrawConsent",
  "complaintToAuthority",
  "cookies",
  "automatedDecisions",
] as const;
export type DisclosureKey = (typeof DISCLOSURE_KEYS)[number];

/** One disclosure's wording, compiled: `terms` per language, and what must be found as well. */
export interface DisclosureRule {
  terms: Readonly<Record<string, readonly RegExp[]>>;
  minOccurrences: number;
  requires: { terms: Readonly<Record<string, readonly RegExp[]>>; emailAddress: boolean } | null;
}

export interface PolicyLinkLanguage {
  strong: readonly RegExp[];
  weak: readonly RegExp[];
  paths: readonly string[];
}

/** The privacy-policy vocabularies of `data/privacy-policy/`, compiled once. */
export interface PolicyVocabulary {
  version: string;
  links: { languages: Readonly<Record<string, PolicyLinkLanguage>>; exclude: readonly RegExp[]; hrefHints: readonly string[] };
  disclosures: Readonly<Record<DisclosureKey, DisclosureRule>>;
  /** Vendor name -> its other names (the vendor's own name is always looked for too). */
  vendorAliases: ReadonlyMap<string, readonly string[]>;
}

let loaded: Promise<PolicyVocabulary> | null = null;

/** Reads and compiles the bundled vocabularies on first use; a broken file fails loudly with its path. */
export function loadPolicyVocabulary(): Promise<PolicyVocabulary> {
  loaded ??= (async () => {
    const read = async (path: string) => JSON.parse(await readFile(dataUrl(path), "utf8")) as unknown;
    const [links, disclosures, aliases] = await Promise.all([
      read("privacy-policy/policy-link-vocabulary.json"),
      read("privacy-policy/disclosure-vocabulary.json"),
      read("privacy-policy/vendor-aliases.json"),
    ]);
    return parsePolicyVocabulary({ links, disclosures, aliases });
  })();
  loaded.catch(() => (loaded = null));
  return loaded;
}

/** Checks the shape of the three files and compiles every phrase. */
export function parsePolicyVocabulary(files: { links: unknown; disclosures: unknown; aliases: unknown }): PolicyVocabulary {
  const links = object(files.links, "policy-link-vocabulary.json");
  const languages = object(links.languages, "policy-link-vocabulary.json: languages");
  const disclosureFile = object(files.disclosures, "disclosure-vocabulary.json");
  const disclosureMap = object(disclosureFile.disclosures, "disclosure-vocabulary.json: disclosures");
  const aliases = object(object(files.aliases, "vendor-aliases.json").aliases, "vendor-aliases.json: aliases");
  const compiledDisclosures = Object.fromEntries(
    DISCLOSURE_KEYS.map((key) => {
      const rule = object(disclosureMap[key], `disclosure-vocabulary.json: ${key}`);
      const requires = rule.requires === undefined ? null : object(rule.requires, `disclosure-vocabulary.json: ${key}.requires`);
      return [
        key,
        {
          terms: phrasesByLanguage(rule.terms, `disclosure-vocabulary.json: ${key}.terms`),
          minOccurrences: typeof rule.minOccurrences === "number" ? rule.minOccurrences : 1,
          requires:
            requires === null
              ? null
              : {
                  terms: phrasesByLanguage(requires.terms, `disclosure-vocabulary.json: ${key}.requires.terms`),
                  emailAddress: requires.emailAddress === true,
                },
        } satisfies DisclosureRule,
      ];
    }),
  ) as unknown as Record<DisclosureKey, DisclosureRule>;
  return {
    version: `${String(links.version)}/${String(disclosureFile.version)}`,
    links: {
      languages: Object.fromEntries(
        Object.entries(languages).map(([language, value]) => {
          const entry = object(value, `policy-link-vocabulary.json: languages.${language}`);
          return [
            language,
            {
              strong: strings(entry.strong, `${language}.strong`).map(compilePhrase),
              weak: strings(entry.weak, `${language}.weak`).map(compilePhrase),
              paths: strings(entry.paths, `${language}.paths`),
            },
          ];
        }),
      ),
      exclude: strings(links.exclude, "exclude").map(compilePhrase),
      hrefHints: strings(links.hrefHints, "hrefHints"),
    },
    disclosures: compiledDisclosures,
    vendorAliases: new Map(Object.entries(aliases).map(([vendor, names]) => [vendor, strings(names, `aliases.${vendor}`)])),
  };
}

function phrasesByLanguage(value: unknown, where: string): Record<string, RegExp[]> {
  return Object.fromEntries(
    Object.entries(object(value, where)).map(([language, list]) => [language, strings(list, `${where}.${language}`).map(compilePhrase)]),
  );
}
