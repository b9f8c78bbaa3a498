/**
 * Text as the vocabularies match it: Unicode NFKC (so ligatures and full-width forms read as letters),
 * lower case, typographic apostrophes and dashes as their ASCII forms, and runs of whitespace (no-break
 * spaces included) as one space.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u2032`´]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}
