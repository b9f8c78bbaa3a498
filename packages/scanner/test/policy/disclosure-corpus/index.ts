import type { LanguageCorpus } from "./corpus-passage.js";
import { DE } from "./de.js";
import { EN } from "./en.js";
import { ES } from "./es.js";
import { FR } from "./fr.js";
import { IT } from "./it.js";
import { NL } from "./nl.js";
import { PL } from "./pl.js";
import { PT } from "./pt.js";
import { SV } from "./sv.js";

/** The corpus per language of the disclosure vocabulary: the test requires one for each. */
export const DISCLOSURE_CORPUS: Readonly<Record<string, LanguageCorpus>> = {
  en: EN,
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  nl: NL,
  pt: PT,
  pl: PL,
  sv: SV,
};
