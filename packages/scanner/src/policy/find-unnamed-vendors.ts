import { compilePhrase, matchesAny } from "./compile-phrase.js";
import { normalizeText } from "./normalize-text.js";

/**
 * The vendors observed on the site that the policy text does not name, by their own name or an alias
 * (`Meta` is named by "Facebook"). Whole words, case-insensitive: a vendor whose name is also a common
 * word ("Segment") then counts as named, which errs towards no finding. Names only; sorted.
 */
export function findUnnamedVendors(options: {
  text: string;
  vendors: Iterable<string>;
  aliases: ReadonlyMap<string, readonly string[]>;
}): string[] {
  const normalized = normalizeText(options.text);
  const unnamed = new Set<string>();
  for (const vendor of options.vendors) {
    // "X (Twitter)": the part before a parenthesis is a name of its own, the parenthesis an alias.
    const names = [vendor, ...vendor.split(/[()]/).map((part) => part.trim()), ...(options.aliases.get(vendor) ?? [])].filter(
      (name) => name.length >= 2,
    );
    if (!matchesAny(normalized, names.map(compilePhrase))) unnamed.add(vendor);
  }
  return [...unnamed].sort();
}
