import { normalizeText } from "./normalize-text.js";

/** Letters and digits of any script: a phrase starts and ends where none is next to it (JS's `\b` is ASCII only). */
const BEFORE = "(?<![\\p{L}\\p{N}])";
const AFTER = "(?![\\p{L}\\p{N}])";

/**
 * A vocabulary phrase as a regular expression over `normalizeText` output. Syntax: whole words; a trailing
 * `*` on a word allows any letters after it (inflections: `verantwortliche*`); a space matches any run of
 * spaces or hyphens, and a hyphen an optional one (`opt-out` also reads `opt out` and `optout`); ` ... `
 * allows up to six words in between (`withdraw ... consent`). Everything else is literal.
 */
export function compilePhrase(phrase: string): RegExp {
  const parts = normalizeText(phrase)
    .split(" ... ")
    .map((part) =>
      part
        .split(" ")
        .map((word) => {
          const open = word.endsWith("*");
          const body = (open ? word.slice(0, -1) : word)
            .split("-")
            .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
            .join("[\\s-]?");
          return open ? `${body}[\\p{L}\\p{N}]*` : body;
        })
        .join("[\\s-]+"),
    );
  // The words in between are runs without spaces or hyphens, and the separators runs of only those: the two
  // classes are disjoint, so a gap can be read one way only (a site's text cannot make the match backtrack).
  return new RegExp(`${BEFORE}${parts.join("[\\s-]+(?:[^\\s-]+[\\s-]+){0,6}?")}${AFTER}`, "gu");
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
