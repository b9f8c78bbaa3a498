import type { Classification } from "@public-scan/core";
import { compilePhrase, matchesAny, normalizeText } from "./compile-phrase.js";

type Classified = { classification: Classification };

/**
 * The vendors the scan attributed anything to, in every phase that ran: third-party requests, and
 * cookies and storage keys (a first-party `_ga` cookie is still Google's).
 */
export function observedVendors(observations: {
  requests: readonly (Classified & { party: string })[];
  cookies: readonly Classified[];
  storage: readonly Classified[];
}): Set<string> {
  const vendors = new Set<string>();
  for (const request of observations.requests)
    if (request.party === "third_party" && request.classification.vendor !== null) vendors.add(request.classification.vendor);
  for (const item of [...observations.cookies, ...observations.storage])
    if (item.classification.vendor !== null) vendors.add(item.classification.vendor);
  return vendors;
}

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
