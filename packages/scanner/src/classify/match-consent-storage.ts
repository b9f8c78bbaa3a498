import type { ConsentStorageNames } from "./load-tracker-catalogue.js";

/**
 * The consent record a cookie or storage key name is, if it is one: an exact name first, then the longest
 * prefix. Case-sensitive, as cookie names are. Null for any other name.
 */
export function matchConsentStorage(names: ConsentStorageNames, name: string): { vendor: string | null } | null {
  const exact = names.names.get(name);
  if (exact !== undefined) return exact;
  const prefixed = names.prefixes.find((entry) => name.startsWith(entry.prefix));
  return prefixed === undefined ? null : { vendor: prefixed.vendor };
}
