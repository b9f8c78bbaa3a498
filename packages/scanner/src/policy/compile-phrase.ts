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

/** Letters and digits of any script: a phrase starts and ends where none is next to it (JS's `\b` is ASCII only). */
const BEFORE = "(?<![\\p{L}\\p{N}])";
/** Nor an "@" after it: a word that ends there is the start of an e-mail address (`dpo@shop.example`), not prose. */
const AFTER = "(?![\\p{L}\\p{N}@])";
/**
 * The gap of ` ... `: punctuation that ends the word before it ("Questions? Contact us", "consent, you can
 * withdraw it"), then up to six words. Punctuation, separators and words are disjoint classes, so a gap can
 * be read one way only (a site's text cannot make the match backtrack).
 */
const GAP = "[^\\p{L}\\p{N}\\s-]*[\\s-]+(?:[^\\s-]+[\\s-]+){0,6}?";

/**
 * A vocabulary phrase as a regular expression over `normalizeText` output. Syntax: whole words; a trailing
 * `*` on a word allows any letters after it (inflections: `verantwortliche*`), a leading one any letters before
 * it (the last part of a compound: `*cookies` reads the Swedish and German `tredjepartscookies`); a space matches any run of
 * spaces or hyphens, and a hyphen an optional one (`opt-out` also reads `opt out` and `optout`); ` ... `
 * allows up to six words in between (`withdraw ... consent`), after punctuation that ends the word before; a
 * trailing `@` reads the start of an e-mail address (`privacy@` reads `privacy@shop.example`, a privacy
 * mailbox). Everything else is literal.
 */
export function compilePhrase(phrase: string): RegExp {
  const parts = normalizeText(phrase)
    .split(" ... ")
    .map((part) =>
      part
        .split(" ")
        .map((word) => {
          const open = word.length > 1 && word.endsWith("*");
          const compound = word.length > 1 && word.startsWith("*");
          const body = word
            .slice(compound ? 1 : 0, open ? -1 : undefined)
            .split("-")
            .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
            .join("[\\s-]?");
          return `${compound ? "[\\p{L}\\p{N}]*" : ""}${body}${open ? "[\\p{L}\\p{N}]*" : ""}`;
        })
        .join("[\\s-]+"),
    );
  // A mailbox (`privacy@`) ends where its address's domain starts: no word boundary after it.
  const mailbox = phrase.endsWith("@");
  return new RegExp(`${BEFORE}${parts.join(GAP)}${mailbox ? "" : AFTER}`, "gu");
}

/** How many times the phrases occur in the (normalised) text, summed over the phrases. */
export function countMatches(text: string, phrases: readonly RegExp[]): number {
  let count = 0;
  for (const phrase of phrases) {
    phrase.lastIndex = 0;
    count += [...text.matchAll(phrase)].length;
  }
  return count;
}

/** Whether any of the phrases occurs in the (normalised) text. */
export function matchesAny(text: string, phrases: readonly RegExp[]): boolean {
  return phrases.some((phrase) => {
    phrase.lastIndex = 0;
    return phrase.test(text);
  });
}

/** Shape checks for the hand-edited vocabulary files: a bad edit fails at load time, naming the entry. */
export function vocabularyObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object`);
  return value as Record<string, unknown>;
}

export function vocabularyStrings(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string" && item.length > 0))
    throw new Error(`${where}: expected a list of non-empty strings`);
  return value as string[];
}
