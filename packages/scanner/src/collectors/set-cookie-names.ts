/**
 * Cookie names from raw `Set-Cookie` header text (CDP joins several headers with newlines). Only the name
 * before the first `=` is returned: the value is never kept.
 */
export function setCookieNames(headerText: string | undefined): string[] {
  if (!headerText) return [];
  return headerText
    .split("\n")
    .map((line) => line.split("=")[0]?.trim() ?? "")
    .filter((name) => name.length > 0 && name.length <= 256);
}

/** The `Set-Cookie` header of a CDP header map, whatever its case. */
export function setCookieHeader(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === "set-cookie") return value;
  return undefined;
}
