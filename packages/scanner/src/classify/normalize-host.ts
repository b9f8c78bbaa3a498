/**
 * A host as the classifiers compare it: lower-case, without IPv6 brackets, without the leading dot of a
 * cookie domain and without the trailing dot of a fully qualified name. Returns "" for nothing usable.
 */
export function normalizeHost(host: string): string {
  let normalized = host.trim().toLowerCase();
  if (normalized.startsWith("[") && normalized.endsWith("]")) normalized = normalized.slice(1, -1);
  return normalized.replace(/^\.+/, "").replace(/\.+$/, "");
}
