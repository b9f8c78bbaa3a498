/**
 * Keys that break a store which builds SQL, LIKE or glob patterns, or key paths, from them: separators,
 * wildcards of SQL LIKE (`%`, `_`) and of Redis MATCH (`*`, `?`, `[...]`, `\`), quotes, unicode, and
 * keys that only differ in case or by a wildcard.
 */
export const ODD_KEYV_KEYS = [
  "a:b",
  "a::b",
  "ns::key",
  "%",
  "_",
  "a%",
  "a_",
  "*",
  "a*",
  "?",
  "a?",
  "[a]",
  "\\",
  "\\*",
  "'",
  '"',
  "'; DROP TABLE keyv_entries; --",
  "ünïcödé ✓ 🎉",
  " padded ",
  "new\nline",
  "a",
  "A",
] as const;

/** The keys above that are patterns: as patterns they would match other keys above, or `ab`. */
export const PATTERN_KEYV_KEYS = ["%", "_", "*", "?", "[a]", "\\*", "a%", "a_", "a*", "a?"] as const;

/** Namespaces that are patterns of each other or contain the separators a store might join them with. */
export const ODD_KEYV_NAMESPACES = ["a", "ab", "a*", "a%", "a_", "a?", "[a]", "a\\", "a:b", "a::b", "ünï ✓"] as const;

/** A string of `length` UTF-16 units mixing ASCII, accents, emoji, quotes and backslashes. */
export function createLargeKeyvValue(length: number): string {
  const piece = 'abc ünï 🎉 "quote" \\ line\n';
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}
