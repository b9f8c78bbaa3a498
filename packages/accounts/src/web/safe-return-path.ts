/**
 * A place on this site to go back to after signing in or verifying: a path that starts with one `/` (not
 * `//` or `/\`, which browsers read as another host), without control characters. Anything else is dropped,
 * so the forms cannot be used as an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  if (
    !/^\/(?![/\\])/.test(value) ||
    value.includes("\\") ||
    [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  )
    return null;
  return value;
}
