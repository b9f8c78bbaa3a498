/**
 * Replaces `__NAME__` placeholders in served text. Only the given names are replaced, so a page that
 * happens to contain double underscores is left alone, and a missing value is visible in tests.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/__([A-Z][A-Z0-9_]*?)__/g, (match, name: string) => values[name] ?? match);
}
